import {
  INVALID_USERNAME,
  PASSWORD_RESET_FAILED,
  RESET_SENT_SETTINGS,
  USERNAME_REQUIRED,
  USERNAME_UPDATE_FAILED,
  USERNAME_UPDATED,
} from '@silk/schema/messages';
import { isValidUsername } from '@silk/schema/validators';
import { Button } from '@silk/ui/button';
import { Card } from '@silk/ui/card';
import { FormMessage } from '@silk/ui/form-message';
import { TextField } from '@silk/ui/text-field';
import { useState, type FormEvent } from 'react';
import { changeOwnUsername, sendOwnPasswordReset } from '@/features/settings/api/account';
import { errorMessage } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';

interface ChangeUsernameCardProps {
  username: string;
  onUsernameChanged: (username: string) => void;
}

function ChangeUsernameCard({ username, onUsernameChanged }: ChangeUsernameCardProps) {
  const [newUsername, setNewUsername] = useState('');
  const action = useFormAction();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const value = newUsername.trim();
    return action.submit(event, {
      validate: () => {
        if (value === '') return USERNAME_REQUIRED;
        if (!isValidUsername(value)) return INVALID_USERNAME;
        return null;
      },
      run: async () => {
        await changeOwnUsername(value);
        return USERNAME_UPDATED;
      },
      failure: (error) => errorMessage(error, USERNAME_UPDATE_FAILED),
      onSuccess: () => {
        setNewUsername('');
        onUsernameChanged(value);
      },
    });
  }

  return (
    <Card heading="Change Username">
      <form className="form" noValidate onSubmit={handleSubmit} aria-busy={action.pending}>
        <FormMessage tone="error">{action.error}</FormMessage>
        <FormMessage tone="success">{action.success}</FormMessage>
        <TextField label="Current Username" name="current-username" value={username} readOnly />
        <TextField
          label="New Username"
          name="new-username"
          autoComplete="off"
          value={newUsername}
          onChange={(event) => setNewUsername(event.target.value)}
        />
        <Button type="submit" disabled={action.pending}>
          Update Username
        </Button>
      </form>
    </Card>
  );
}

function ChangePasswordCard({ email }: { email: string }) {
  const action = useFormAction();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    return action.submit(event, {
      run: async () => {
        await sendOwnPasswordReset(email);
        return RESET_SENT_SETTINGS;
      },
      failure: (error) => errorMessage(error, PASSWORD_RESET_FAILED),
    });
  }

  return (
    <Card heading="Change Password">
      <form className="form" noValidate onSubmit={handleSubmit} aria-busy={action.pending}>
        <FormMessage tone="error">{action.error}</FormMessage>
        <FormMessage tone="success">{action.success}</FormMessage>
        <TextField label="Email" name="email" type="email" value={email} readOnly />
        <Button type="submit" disabled={action.pending}>
          Send Password Reset Email
        </Button>
      </form>
    </Card>
  );
}

interface AccountSettingsProps {
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
