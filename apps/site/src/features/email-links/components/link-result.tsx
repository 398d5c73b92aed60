import { buttonClassName } from '@silk/ui/button';
import { useEffect, useRef, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { site } from '@/content/site';

export interface LinkResultProps {
  /** id of the heading (it names the section). */
  titleId: string;
  eyebrow: string;
  heading: string;
  /** What the page is for (static). */
  text?: string;
  /** Polite news (what is happening, what was done); announced as it changes. */
  status?: string;
  /** An error, announced at once. */
  error?: string;
  /** Moves focus to the heading, for a result that replaced what was there. */
  focus?: boolean;
  busy?: boolean;
  /** Buttons shown before the link home. */
  actions?: ReactNode;
  /** false: no link home (yet). */
  homeLink?: boolean;
}

/** The top of a link page: the outcome (heading and message) and the link home, as on /waitlist. */
export function LinkResult({
  titleId,
  eyebrow,
  heading,
  text,
  status,
  error,
  focus = false,
  busy = false,
  actions,
  homeLink = true,
}: LinkResultProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus, heading]);

  return (
    <section className="confirmation link-result" aria-labelledby={titleId} aria-busy={busy}>
      <p className="eyebrow">{eyebrow}</p>
      <h1 id={titleId} ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      {text ? <p className="confirmation__text">{text}</p> : null}
      <div role="status" className="confirmation__text link-result__status">
        {status ? <p>{status}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="link-message link-message--error">
          {error}
        </p>
      ) : null}
      {actions || homeLink ? (
        <div className="link-actions">
          {actions}
          {homeLink ? (
            <a className={buttonClassName(actions ? 'ghost' : 'primary')} href={paths.landing}>
              {site.homeLinkLabel}
            </a>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
