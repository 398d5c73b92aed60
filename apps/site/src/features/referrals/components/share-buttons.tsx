import { Button, buttonClassName } from '@silk/ui/button';
import { shareTargets } from '@silk/schema/share-links';
import { useEffect, useState } from 'react';
import { canShareNatively, copyLink, COPIED_LABEL, shareNatively } from '@/lib/share-actions';

/**
 * A referral link's share list: plain links to e-mail, X, WhatsApp and LinkedIn, then copy and the
 * device's share sheet (only where navigator.share exists) — the list the status page renders on the server.
 */
export function ShareButtons({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  const [native, setNative] = useState(false);
  useEffect(() => setNative(canShareNatively()), []);
  return (
    <ul className="share" aria-label="Share your link">
      {shareTargets(link).map((target) => (
        <li key={target.id}>
          <a
            className={buttonClassName('secondary')}
            href={target.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {target.label}
          </a>
        </li>
      ))}
      <li>
        <Button type="button" variant="secondary" onClick={() => void copyLink(link).then(setCopied)}>
          {copied ? COPIED_LABEL : 'Copy link'}
        </Button>
      </li>
      {native ? (
        <li>
          <Button type="button" variant="secondary" onClick={() => void shareNatively(link)}>
            Share…
          </Button>
        </li>
      ) : null}
    </ul>
  );
}
