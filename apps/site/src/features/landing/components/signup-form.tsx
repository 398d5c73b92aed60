import { apiUrl } from '@silk/data-access/api-client';
import type { ClientConfig } from '@silk/data-access/config';
import { API_ROUTES } from '@silk/schema/api-routes';
import { SIGNUP_BUTTON_LABEL, SUBMITTING_SIGNUP_LABEL } from '@silk/schema/messages';
import { Button } from '@silk/ui/button';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { HERO_EMAIL_ID } from '@/config/paths';
import { hero } from '@/content/landing';
import { prefetchWaitlistModule } from '@/lib/waitlist-module';
import { useSignup } from '@/features/landing/hooks/use-signup';

export interface SignupFormProps {
  config: ClientConfig;
  navigate?: (url: string) => void;
}

/**
 * The hero's e-mail form (PRODUCT.md#landing, PRODUCT.md#validation, PRODUCT.md#messages). A real POST form: before its island hydrates (or without
 * JavaScript) it posts to /api/join, which stores the signup and redirects to /waitlist; once hydrated,
 * the browser writes the signup itself.
 */
export function SignupForm({ config, navigate }: SignupFormProps) {
  const [email, setEmail] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { submitting, error, submit } = useSignup({ config, navigate });
  const errorId = `${HERO_EMAIL_ID}-error`;
  const noteId = `${HERO_EMAIL_ID}-note`;

  // Text typed or autofilled before hydration is in the field, not in the state: adopt it, or the next
  // render of the controlled input would wipe it.
  useLayoutEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== '') setEmail(typed);
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The field itself: a submit that arrives while the island hydrates runs before the state has it.
    void submit(input.current?.value ?? email);
  }

  return (
    // noValidate: the SPEC's own message replaces the browser's bubble for a bad address.
    <form
      className="signup-form"
      method="post"
      action={apiUrl(config.apiBase, API_ROUTES.joinWaitlist.path)}
      onSubmit={onSubmit}
      noValidate
      aria-busy={submitting}
    >
      <label className="signup-form__label" htmlFor={HERO_EMAIL_ID}>
        {hero.emailLabel}
      </label>
      <div className="signup-form__row">
        <input
          ref={input}
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
        <Button type="submit" className="signup-form__submit" disabled={submitting}>
          {submitting ? SUBMITTING_SIGNUP_LABEL : SIGNUP_BUTTON_LABEL}
        </Button>
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
