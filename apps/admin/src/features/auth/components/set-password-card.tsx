import { setNewPassword } from '@silk/data-access/auth';
import { PASSWORD_MIN_LENGTH } from '@silk/schema/constants';
import { PASSWORDS_DO_NOT_MATCH, PASSWORD_POLICY } from '@silk/schema/messages';
import { isStrongPassword } from '@silk/schema/validators';
import { Card } from '@silk/ui/card';
import { FormMessage } from '@silk/ui/form-message';
import { TextField } from '@silk/ui/text-field';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { adminServices } from '../../../lib/services';

export interface SetPasswordCardProps {
  email: string;
  /** Called once the new password is stored and the mustChangePassword flag cleared. */
  onDone: () => void;
  onSignOut: () => void;
}

/** DESIGN §7: a member created with a one-time password sets their own before the panel opens. */
export function SetPasswordCard({ email, onDone, onSignOut }: SetPasswordCardProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    if (!isStrongPassword(password)) {
      setError(PASSWORD_POLICY);
      return;
    }
    if (password !== confirmation) {
      setError(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    setBusy(true);
    try {
      await setNewPassword(adminServices(), password);
      onDone();
    } catch (caught) {
      setError(errorMessage(caught, PASSWORD_POLICY));
      setBusy(false);
    }
  }

  return (
    <main className="auth-screen">
      <Card heading="Set a new password" headingLevel={1} className="auth-card">
        <p className="card-text">
          You signed in as <strong>{email}</strong> with a one-time password. Choose your own password to open the
          panel.
        </p>
        <form className="form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
          <FormMessage tone="error">{error}</FormMessage>
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
          <button type="submit" className="button button--primary" disabled={busy}>
            Set Password
          </button>
          <button type="button" className="button button--link" onClick={onSignOut}>
            Logout
          </button>
        </form>
      </Card>
    </main>
  );
}
