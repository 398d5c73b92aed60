import {
  PASSWORD_RESET_FAILED,
  RESET_IDENTIFIER_REQUIRED,
  RESET_SENT_LOGIN,
  SIGN_IN_FAILED,
  SIGN_IN_FIELDS_REQUIRED,
} from '@silk/schema/messages';
import { Button } from '@silk/ui/button';
import { Card } from '@silk/ui/card';
import { FormMessage } from '@silk/ui/form-message';
import { TextField } from '@silk/ui/text-field';
import { useState, type FormEvent } from 'react';
import { sendPasswordReset, signIn } from '@/features/auth/api/auth';
import { errorMessage } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';

function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const action = useFormAction<void>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    return action.submit(event, {
      validate: () => (identifier.trim() === '' || password === '' ? SIGN_IN_FIELDS_REQUIRED : null),
      run: () => signIn(identifier.trim(), password),
      failure: (error) => errorMessage(error, SIGN_IN_FAILED),
      // The auth listener swaps this card for the panel.
      pendingAfterSuccess: true,
    });
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-busy={action.pending}>
      <FormMessage tone="error">{action.error}</FormMessage>
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
      <Button type="submit" disabled={action.pending}>
        Sign In
      </Button>
      <Button type="button" variant="link" onClick={onForgotPassword}>
        Forgot Password?
      </Button>
    </form>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [identifier, setIdentifier] = useState('');
  const action = useFormAction();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    return action.submit(event, {
      validate: () => (identifier.trim() === '' ? RESET_IDENTIFIER_REQUIRED : null),
      run: async () => {
        await sendPasswordReset(identifier.trim());
        return RESET_SENT_LOGIN;
      },
      failure: (error) => errorMessage(error, PASSWORD_RESET_FAILED),
    });
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-busy={action.pending}>
      <FormMessage tone="error">{action.error}</FormMessage>
      <FormMessage tone="success">{action.success}</FormMessage>
      <TextField
        label="Username or Email"
        name="identifier"
        autoComplete="username"
        autoFocus
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
      />
      <Button type="submit" disabled={action.pending}>
        Send Reset Link
      </Button>
      <Button type="button" variant="link" onClick={onBack}>
        Back to Sign In
      </Button>
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
