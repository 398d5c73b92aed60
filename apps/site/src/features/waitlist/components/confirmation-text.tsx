import { confirmation } from '../../../content/waitlist';
import { useSessionEmail } from '../hooks/use-session-email';

/** Personalised when the signup e-mail is in session storage, generic otherwise (SPEC §2). */
export function ConfirmationText() {
  const email = useSessionEmail();
  return (
    <section className="confirmation" aria-labelledby="confirmation-title">
      <p className="eyebrow">{confirmation.eyebrow}</p>
      <h1 id="confirmation-title">{email ? confirmation.personalHeading : confirmation.genericHeading}</h1>
      <p className="confirmation__text">
        {email ? confirmation.personalText(email) : confirmation.genericText}
      </p>
    </section>
  );
}
