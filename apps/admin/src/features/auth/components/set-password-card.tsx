import { PASSWORD_MIN_LENGTH } from '@silk/schema/constants';
import {
  CURRENT_PASSWORD_REQUIRED,
  NEW_PASSWORD_FAILED,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_POLICY,
} from '@silk/schema/messages';
import { isStrongPassword } from '@silk/schema/validators';
import { useState } from 'react';
import { ActionForm } from '@/components/action-form';
import { AuthScreen } from '@/components/auth-screen';
import { PasswordField } from '@/components/password-field';
import { rememberedSignInPassword, storeNewPassword } from '@/features/auth/api/auth';
import { errorMessage } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';
import { useTextInput } from '@/lib/use-text-input';

const POLICY_HINT = `At least ${PASSWORD_MIN_LENGTH} characters with an uppercase letter, a lowercase letter, a number and a special character.`;

interface SetPasswordCardProps {
  email: string;
  /** Called once the new password is stored and the mustChangePassword flag cleared. */
  onDone: () => void;
  onSignOut: () => void;
}

/**
 * DESIGN §7: a member created with a one-time password sets their own before the panel opens. The
 * one-time password typed at sign-in in this tab is the proof the server asks for; without it (the page
 * was reloaded) the step asks for it.
 */
export function SetPasswordCard({ email, onDone, onSignOut }: SetPasswordCardProps) {
  const [remembered] = useState(rememberedSignInPassword);
  const current = useTextInput('current-password');
  const password = useTextInput('new-password');
  const confirmation = useTextInput('confirm-password');
  const action = useFormAction<void>();

  return (
    <AuthScreen heading="Set a new password">
      <p className="card-text">
        You signed in as <strong>{email}</strong> with a one-time password. Choose your own password to open
        the panel.
      </p>
      <ActionForm
        action={action}
        steps={() => ({
          validate: () => {
            if (remembered === null && current.value === '') return CURRENT_PASSWORD_REQUIRED;
            if (!isStrongPassword(password.value)) return PASSWORD_POLICY;
            if (password.value !== confirmation.value) return PASSWORDS_DO_NOT_MATCH;
            return null;
          },
          run: () => storeNewPassword(password.value, remembered ?? current.value),
          failure: (error) => errorMessage(error, NEW_PASSWORD_FAILED),
          onSuccess: onDone,
          pendingAfterSuccess: true,
        })}
        submitLabel="Set Password"
        secondary={{ label: 'Logout', onClick: onSignOut }}
      >
        {remembered === null && (
          <PasswordField
            label="Current Password"
            purpose="current"
            hint="The one-time password you signed in with."
            {...current.props}
          />
        )}
        <PasswordField label="New Password" purpose="new" hint={POLICY_HINT} {...password.props} />
        <PasswordField label="Confirm New Password" purpose="confirm" {...confirmation.props} />
      </ActionForm>
    </AuthScreen>
  );
}
