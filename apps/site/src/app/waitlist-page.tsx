import type { ClientConfig } from '@silk/data-access/config';
import { SubpageLayout } from '../components/subpage-layout';
import { ConfirmationText } from '../features/waitlist/components/confirmation-text';
import { FeedbackForm } from '../features/waitlist/components/feedback-form';
import { Island } from '../islands/island';

/**
 * The waitlist confirmation page `/waitlist` (SPEC §2), rendered at build time; the confirmation text
 * and the feedback form hydrate as islands (entries/waitlist.tsx).
 */
export function WaitlistPage({ config }: { config: ClientConfig }) {
  return (
    <SubpageLayout className="waitlist">
      <Island name="confirmation">
        <ConfirmationText />
      </Island>
      <Island name="feedback">
        <FeedbackForm config={config} />
      </Island>
    </SubpageLayout>
  );
}
