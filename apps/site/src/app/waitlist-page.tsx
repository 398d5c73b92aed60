import type { ClientConfig } from '@silk/data-access/config';
import { SubpageLayout } from '@/components/subpage-layout';
import { ConfirmationText } from '@/features/waitlist/components/confirmation-text';
import { FeedbackForm } from '@/features/waitlist/components/feedback-form';
import { CONFIRMATION_FIRST_PAINT_SCRIPT } from '@/features/waitlist/confirmation-first-paint';
import { Island } from '@/islands/island';

/**
 * The waitlist confirmation page `/waitlist` (PRODUCT.md#waitlist), rendered at build time with the generic
 * confirmation, which an inline script personalises before the first paint; the confirmation text and
 * the feedback form hydrate as islands at the first interaction (entries/waitlist.tsx).
 */
export function WaitlistPage({ config }: { config: ClientConfig }) {
  return (
    <SubpageLayout className="waitlist">
      <Island name="confirmation">
        <ConfirmationText email={null} />
      </Island>
      <script dangerouslySetInnerHTML={{ __html: CONFIRMATION_FIRST_PAINT_SCRIPT }} />
      <Island name="feedback">
        <FeedbackForm config={config} />
      </Island>
      {/* Filled in the browser with the visitor's own referral link (entries/referral-island.tsx). */}
      <div data-island="referral" />
    </SubpageLayout>
  );
}
