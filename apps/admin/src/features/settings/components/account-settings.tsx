import { sendPasswordResetForIdentifier } from '@silk/data-access/auth';
import { changeUsername } from '@silk/data-access/usernames';
import { INVALID_USERNAME, RESET_SENT_SETTINGS, USERNAME_REQUIRED, USERNAME_UPDATED } from '@silk/schema/messages';
import { isValidUsername } from '@silk/schema/validators';
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

export interface ChangeUsernameCardProps {
  username: string;
  onUsernameChanged: (username: string) => void;
}

export function ChangeUsernameCard({ username, onUsernameChanged }: ChangeUsernameCardProps) {
  const [newUsername, setNewUsername] = useState('');
  const [messages, setMessages] = useState<Messages>(NO_MESSAGES);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessages(NO_MESSAGES);
    const value = newUsername.trim();
    if (value === '') {
      setMessages({ error: USERNAME_REQUIRED, success: '' });
      return;
    }
    if (!isValidUsername(value)) {
      setMessages({ error: INVALID_USERNAME, success: '' });
      return;
    }
    setBusy(true);
    try {
      await changeUsername(adminServices(), value);
      setMessages({ error: '', success: USERNAME_UPDATED });
      setNewUsername('');
      onUsernameChanged(value);
    } catch (error) {
      setMessages({ error: errorMessage(error, USERNAME_REQUIRED), success: '' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card heading="Change Username">
      <form className="form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
        <FormMessage tone="error">{messages.error}</FormMessage>
        <FormMessage tone="success">{messages.success}</FormMessage>
        <TextField label="Current Username" name="current-username" value={username} readOnly />
        <TextField
          label="New Username"
          name="new-username"
          autoComplete="off"
          value={newUsername}
          onChange={(event) => setNewUsername(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          Update Username
        </button>
      </form>
    </Card>
  );
}

export function ChangePasswordCard({ email }: { email: string }) {
  const [messages, setMessages] = useState<Messages>(NO_MESSAGES);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessages(NO_MESSAGES);
    setBusy(true);
    try {
      await sendPasswordResetForIdentifier(adminServices(), email);
      setMessages({ error: '', success: RESET_SENT_SETTINGS });
    } catch (error) {
      setMessages({ error: errorMessage(error, RESET_SENT_SETTINGS), success: '' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card heading="Change Password">
      <form className="form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
        <FormMessage tone="error">{messages.error}</FormMessage>
        <FormMessage tone="success">{messages.success}</FormMessage>
        <TextField label="Email" name="email" type="email" value={email} readOnly />
        <button type="submit" className="button button--primary" disabled={busy}>
          Send Password Reset Email
        </button>
      </form>
    </Card>
  );
}

export interface AccountSettingsProps {
  email: string;
  username: string;
  onUsernameChanged: (username: string) => void;
}

/** Account Settings tab: own username and own password reset (SPEC §2). */
export function AccountSettings({ email, username, onUsernameChanged }: AccountSettingsProps) {
  return (
    <section className="tab" aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="tab__title">
        Account Settings
      </h2>
      <div className="card-grid">
        <ChangeUsernameCard username={username} onUsernameChanged={onUsernameChanged} />
        <ChangePasswordCard email={email} />
      </div>
    </section>
  );
}
