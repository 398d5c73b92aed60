import type { ClientConfig } from '@silk/data-access/config';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader, SkipLink } from '../components/site-header';
import { site } from '../content/site';
import { ConfirmationText } from '../features/waitlist/components/confirmation-text';
import { FeedbackForm } from '../features/waitlist/components/feedback-form';
import { Island } from '../islands/island';
import { paths } from './paths';

/**
 * The waitlist confirmation page `/waitlist` (SPEC §2), rendered at build time; the confirmation text
 * and the feedback form hydrate as islands (entries/waitlist.tsx).
 */
export function WaitlistPage({ config }: { config: ClientConfig }) {
  return (
    <>
      <SkipLink />
      <SiteHeader
        action={
          <a className="button button--ghost" href={paths.landing}>
            {site.homeLinkLabel}
          </a>
        }
      />
      <main id="main" className="waitlist">
        <div className="container container--narrow">
          <Island name="confirmation">
            <ConfirmationText />
          </Island>
          <Island name="feedback">
            <FeedbackForm config={config} />
          </Island>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
