import {
  PASSWORD_RESET_FAILED,
  RESET_IDENTIFIER_REQUIRED,
  RESET_SENT_LOGIN,
  SIGN_IN_FAILED,
  SIGN_IN_FIELDS_REQUIRED,
} from '@silk/schema/messages';
import { TextField } from '@silk/ui/text-field';
import { useState } from 'react';
import { ActionForm } from '@/components/action-form';
import { AuthScreen } from '@/components/auth-screen';
import { PasswordField } from '@/components/password-field';
import { sendPasswordReset, signIn } from '@/features/auth/api/auth';
import { errorMessage } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';
import { useTextInput } from '@/lib/use-text-input';

function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const identifier = useTextInput('identifier');
  const password = useTextInput('password');
  const action = useFormAction<void>();
  return (
    <ActionForm
      action={action}
      steps={() => ({
        validate: () =>
          identifier.value.trim() === '' || password.value === '' ? SIGN_IN_FIELDS_REQUIRED : null,
        run: () => signIn(identifier.value.trim(), password.value),
        failure: (error) => errorMessage(error, SIGN_IN_FAILED),
        // The auth listener swaps this card for the panel.
        pendingAfterSuccess: true,
      })}
      submitLabel="Sign In"
      secondary={{ label: 'Forgot Password?', onClick: onForgotPassword }}
    >
      <TextField label="Username or Email" autoComplete="username" autoFocus {...identifier.props} />
      <PasswordField label="Password" purpose="current" {...password.props} />
    </ActionForm>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const identifier = useTextInput('identifier');
  const action = useFormAction();
  return (
    <ActionForm
      action={action}
      steps={() => ({
        validate: () => (identifier.value.trim() === '' ? RESET_IDENTIFIER_REQUIRED : null),
        run: async () => {
          await sendPasswordReset(identifier.value.trim());
          return RESET_SENT_LOGIN;
        },
        failure: (error) => errorMessage(error, PASSWORD_RESET_FAILED),
      })}
      submitLabel="Send Reset Link"
      success={action.success}
      secondary={{ label: 'Back to Sign In', onClick: onBack }}
    >
      <TextField label="Username or Email" autoComplete="username" autoFocus {...identifier.props} />
    </ActionForm>
  );
}

/** The signed-out view: the "Admin Sign In" card, toggling to the reset form (PRODUCT.md#admin-panel). */
export function SignInCard() {
  const [mode, setMode] = useState<'signIn' | 'reset'>('signIn');
  return (
    <AuthScreen heading="Admin Sign In">
      {mode === 'signIn' ? (
        <SignInForm onForgotPassword={() => setMode('reset')} />
      ) : (
        <ForgotPasswordForm onBack={() => setMode('signIn')} />
      )}
    </AuthScreen>
  );
}
