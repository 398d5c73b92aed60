import { sendPasswordResetForIdentifier, signInWithIdentifier } from '@silk/data-access/auth';
import {
  RESET_IDENTIFIER_REQUIRED,
  RESET_SENT_LOGIN,
  SIGN_IN_FIELDS_REQUIRED,
} from '@silk/schema/messages';
import { Card } from '@silk/ui/card';
import { FormMessage } from '@silk/ui/form-message';
import { TextField } from '@silk/ui/text-field';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { adminServices } from '../../../lib/services';

interface Messages {
  error: string;
  success: string;
}
const NO_MESSAGES: Messages = { error: '', success: '' };

function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [messages, setMessages] = useState<Messages>(NO_MESSAGES);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessages(NO_MESSAGES);
    if (identifier.trim() === '' || password === '') {
      setMessages({ error: SIGN_IN_FIELDS_REQUIRED, success: '' });
      return;
    }
    setBusy(true);
    try {
      await signInWithIdentifier(adminServices(), identifier.trim(), password);
      // The auth listener swaps this card for the panel.
    } catch (error) {
      setMessages({ error: errorMessage(error, SIGN_IN_FIELDS_REQUIRED), success: '' });
      setBusy(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <FormMessage tone="error">{messages.error}</FormMessage>
      <TextField
        label="Username or Email"
        name="identifier"
        autoComplete="username"
        autoFocus
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        Sign In
      </button>
      <button type="button" className="button button--link" onClick={onForgotPassword}>
        Forgot Password?
      </button>
    </form>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [identifier, setIdentifier] = useState('');
  const [messages, setMessages] = useState<Messages>(NO_MESSAGES);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessages(NO_MESSAGES);
    if (identifier.trim() === '') {
      setMessages({ error: RESET_IDENTIFIER_REQUIRED, success: '' });
      return;
    }
    setBusy(true);
    try {
      await sendPasswordResetForIdentifier(adminServices(), identifier.trim());
      setMessages({ error: '', success: RESET_SENT_LOGIN });
    } catch (error) {
      setMessages({ error: errorMessage(error, RESET_IDENTIFIER_REQUIRED), success: '' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <FormMessage tone="error">{messages.error}</FormMessage>
      <FormMessage tone="success">{messages.success}</FormMessage>
      <TextField
        label="Username or Email"
        name="identifier"
        autoComplete="username"
        autoFocus
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        Send Reset Link
      </button>
      <button type="button" className="button button--link" onClick={onBack}>
        Back to Sign In
      </button>
    </form>
  );
}

/** The signed-out view: the "Admin Sign In" card, toggling to the reset form (SPEC §2, §4). */
export function SignInCard() {
  const [mode, setMode] = useState<'signIn' | 'reset'>('signIn');
  return (
    <main className="auth-screen">
      <Card heading="Admin Sign In" headingLevel={1} className="auth-card">
        {mode === 'signIn' ? (
          <SignInForm onForgotPassword={() => setMode('reset')} />
        ) : (
          <ForgotPasswordForm onBack={() => setMode('signIn')} />
        )}
      </Card>
    </main>
  );
}
