import {
  INVALID_USERNAME,
  PASSWORD_RESET_FAILED,
  RESET_SENT_SETTINGS,
  USERNAME_REQUIRED,
  USERNAME_UPDATE_FAILED,
  USERNAME_UPDATED,
} from '@silk/schema/messages';
import { isValidUsername } from '@silk/schema/validators';
import { Card } from '@silk/ui/card';
import { TextField } from '@silk/ui/text-field';
import { ActionForm } from '@/components/action-form';
import { changeOwnUsername, sendOwnPasswordReset } from '@/features/settings/api/account';
import { errorMessage } from '@/lib/error-message';
import { useFormAction, type FormActionSteps } from '@/lib/use-form-action';
import { useTextInput } from '@/lib/use-text-input';

interface ChangeUsernameCardProps {
  username: string;
  onUsernameChanged: (username: string) => void;
}

function ChangeUsernameCard({ username, onUsernameChanged }: ChangeUsernameCardProps) {
  const newUsername = useTextInput('new-username');
  const action = useFormAction();

  function steps(): FormActionSteps<string> {
    const value = newUsername.value.trim();
    return {
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
        newUsername.set('');
        onUsernameChanged(value);
      },
    };
  }

  return (
    <Card heading="Change Username">
      <ActionForm action={action} steps={steps} submitLabel="Update Username" success={action.success}>
        <TextField label="Current Username" name="current-username" value={username} readOnly />
        <TextField label="New Username" autoComplete="off" {...newUsername.props} />
      </ActionForm>
    </Card>
  );
}

function ChangePasswordCard({ email }: { email: string }) {
  const action = useFormAction();
  return (
    <Card heading="Change Password">
      <ActionForm
        action={action}
        steps={() => ({
          run: async () => {
            await sendOwnPasswordReset(email);
            return RESET_SENT_SETTINGS;
          },
          failure: (error) => errorMessage(error, PASSWORD_RESET_FAILED),
        })}
        submitLabel="Send Password Reset Email"
        success={action.success}
      >
        <TextField label="Email" name="email" type="email" value={email} readOnly />
      </ActionForm>
    </Card>
  );
}

interface AccountSettingsProps {
  email: string;
  username: string;
  onUsernameChanged: (username: string) => void;
}

/** Account Settings tab: own username and own password reset (PRODUCT.md#admin-panel). */
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
