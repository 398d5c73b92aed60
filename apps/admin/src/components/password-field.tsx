import { PASSWORD_MIN_LENGTH } from '@silk/schema/constants';
import { TextField, type TextFieldProps } from '@silk/ui/text-field';

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'autoComplete' | 'placeholder'> {
  /**
   * `current`: the saved password, for signing in. `new`: a password being chosen, its placeholder the
   * policy's minimum length. `confirm`: the new one typed again.
   */
  purpose: 'current' | 'new' | 'confirm';
}

/** A masked input that tells password managers which password it takes. */
export function PasswordField({ purpose, ...props }: PasswordFieldProps) {
  return (
    <TextField
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      placeholder={purpose === 'new' ? `Minimum ${PASSWORD_MIN_LENGTH} characters` : undefined}
      {...props}
    />
  );
}
