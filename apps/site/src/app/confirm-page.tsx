import { ConfirmSubscription } from '@/features/email-links/components/confirm-subscription';
import { EmailLinkPage } from './email-link-page';

/**
 * /confirm?token=… (the "Confirm my spot" link of the confirmation e-mail): rendered at build time with
 * its "Confirm my spot" form (a native post); the island, hydrated as soon as the page's script arrives
 * (entries/confirm.tsx), reads the token and confirms.
 */
export function ConfirmPage({ apiBase }: { apiBase: string }) {
  return (
    <EmailLinkPage island="confirm">
      <ConfirmSubscription apiBase={apiBase} />
    </EmailLinkPage>
  );
}
