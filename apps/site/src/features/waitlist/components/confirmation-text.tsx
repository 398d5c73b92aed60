import { confirmation } from '@/content/waitlist';
import { CONFIRMATION_TEXT_ID, CONFIRMATION_TITLE_ID } from '@/features/waitlist/confirmation-first-paint';

/**
 * Personalised for the signup e-mail (from session storage), generic without one (PRODUCT.md#waitlist). The
 * prerendered page has the generic copy; the first-paint script and the island give the personal one.
 */
export function ConfirmationText({ email }: { email: string | null }) {
  return (
    <section className="confirmation" aria-labelledby={CONFIRMATION_TITLE_ID}>
      <p className="eyebrow">{confirmation.eyebrow}</p>
      <h1 id={CONFIRMATION_TITLE_ID}>{email ? confirmation.personalHeading : confirmation.genericHeading}</h1>
      <p id={CONFIRMATION_TEXT_ID} className="confirmation__text">
        {email ? confirmation.personalText(email) : confirmation.genericText}
      </p>
    </section>
  );
}
