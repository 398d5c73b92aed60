import { PASSWORD_MIN_LENGTH } from '@silk/schema/constants';
import { NEW_PASSWORD_FAILED, PASSWORDS_DO_NOT_MATCH, PASSWORD_POLICY } from '@silk/schema/messages';
import { isStrongPassword } from '@silk/schema/validators';
import { Button } from '@silk/ui/button';
import { Card } from '@silk/ui/card';
import { FormMessage } from '@silk/ui/form-message';
import { TextField } from '@silk/ui/text-field';
import { useState, type FormEvent } from 'react';
import { storeNewPassword } from '@/features/auth/api/auth';
import { errorMessage } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';

interface SetPasswordCardProps {
  email: string;
  /** Called once the new password is stored and the mustChangePassword flag cleared. */
  onDone: () => void;
  onSignOut: () => void;
}

/** DESIGN §7: a member created with a one-time password sets their own before the panel opens. */
export function SetPasswordCard({ email, onDone, onSignOut }: SetPasswordCardProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const action = useFormAction<void>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    return action.submit(event, {
      validate: () => {
        if (!isStrongPassword(password)) return PASSWORD_POLICY;
        if (password !== confirmation) return PASSWORDS_DO_NOT_MATCH;
        return null;
      },
      run: () => storeNewPassword(password),
      failure: (error) => errorMessage(error, NEW_PASSWORD_FAILED),
      onSuccess: onDone,
      pendingAfterSuccess: true,
    });
  }

  return (
    <main className="auth-screen">
      <Card heading="Set a new password" headingLevel={1} className="auth-card">
        <p className="card-text">
          You signed in as <strong>{email}</strong> with a one-time password. Choose your own password to open the
          panel.
        </p>
        <form className="form" noValidate onSubmit={handleSubmit} aria-busy={action.pending}>
          <FormMessage tone="error">{action.error}</FormMessage>
          <TextField
            label="New Password"
            name="new-password"
            type="password"
            autoComplete="new-password"
            placeholder={`Minimum ${PASSWORD_MIN_LENGTH} characters`}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters with an uppercase letter, a lowercase letter, a number and a special character.`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            label="Confirm New Password"
            name="confirm-password"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <Button type="submit" disabled={action.pending}>
            Set Password
          </Button>
          <Button type="button" variant="link" onClick={onSignOut}>
            Logout
          </Button>
        </form>
      </Card>
    </main>
  );
}
