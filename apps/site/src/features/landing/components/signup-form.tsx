import type { ClientConfig } from '@silk/data-access/config';
import { SIGNUP_BUTTON_LABEL, SUBMITTING_SIGNUP_LABEL } from '@silk/schema/messages';
import { useState, type FormEvent } from 'react';
import { HERO_EMAIL_ID } from '../../../app/paths';
import { hero } from '../../../content/landing';
import { prefetchWaitlistModule } from '../../../lib/waitlist-module';
import { useSignup } from '../hooks/use-signup';

export interface SignupFormProps {
  config: ClientConfig;
  navigate?: (url: string) => void;
}

/** The hero's e-mail form (SPEC §2, §4, §5, §8). */
export function SignupForm({ config, navigate }: SignupFormProps) {
  const [email, setEmail] = useState('');
  const { submitting, error, submit } = useSignup({ config, navigate });
  const errorId = `${HERO_EMAIL_ID}-error`;
  const noteId = `${HERO_EMAIL_ID}-note`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(email);
  }

  return (
    // noValidate: the SPEC's own message replaces the browser's bubble for a bad address.
    <form className="signup-form" onSubmit={onSubmit} noValidate aria-busy={submitting}>
      <label className="signup-form__label" htmlFor={HERO_EMAIL_ID}>
        {hero.emailLabel}
      </label>
      <div className="signup-form__row">
        <input
          id={HERO_EMAIL_ID}
          className="signup-form__input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder={hero.emailPlaceholder}
          value={email}
          disabled={submitting}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${errorId} ${noteId}`}
          onChange={(event) => setEmail(event.target.value)}
          onFocus={prefetchWaitlistModule}
        />
        <button type="submit" className="button button--primary signup-form__submit" disabled={submitting}>
          {submitting ? SUBMITTING_SIGNUP_LABEL : SIGNUP_BUTTON_LABEL}
        </button>
      </div>
      <p id={errorId} className="field-error" role="alert">
        {error}
      </p>
      <p id={noteId} className="signup-form__note">
        {hero.formNote}
      </p>
    </form>
  );
}
