import { unsubscribePage } from '@/content/email-links';
import { UnsubscribePanel } from '@/features/email-links/components/unsubscribe-panel';
import { EmailLinkPage } from './email-link-page';

/**
 * /unsubscribe?token=…&erase=… (the "Unsubscribe" and "Delete my data" links of every e-mail): rendered
 * at build time with both sections, so the erase link's #fragment finds its section before any script;
 * the island hydrates as soon as the page's script arrives (entries/unsubscribe.tsx).
 */
export function UnsubscribePage({ apiBase }: { apiBase: string }) {
  return (
    <EmailLinkPage island="unsubscribe" noScript={unsubscribePage.noScript}>
      <UnsubscribePanel apiBase={apiBase} />
    </EmailLinkPage>
  );
}
