import { setNewPassword } from '@silk/data-access/auth';
import {
  CURRENT_PASSWORD_REQUIRED,
  NEW_PASSWORD_FAILED,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_POLICY,
} from '@silk/schema/messages';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForm, resetBeforeEach } from '@/testing/forms';
import { forgetSignInPassword, signIn } from '@/features/auth/api/auth';
import { services } from '@/testing/services';
import { SetPasswordCard } from './set-password-card';

vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@silk/data-access/auth', () => ({ setNewPassword: vi.fn(), signInWithIdentifier: vi.fn() }));
const setPassword = vi.mocked(setNewPassword);
resetBeforeEach(setPassword);

const ONE_TIME = 'One-T1me!pw';

/** The card as it opens right after signing in with the one-time password in this tab. */
async function setup() {
  await signIn('new', ONE_TIME);
  return open();
}

function open() {
  const onDone = vi.fn();
  const onSignOut = vi.fn();
  const form = renderForm(<SetPasswordCard email="new@silk.travel" onDone={onDone} onSignOut={onSignOut} />);
  /** Types the password and its confirmation (an empty one is left untouched) and clicks "Set Password". */
  const submit = async (password: string, confirmation: string) => {
    await form.fill({ 'New Password': password, 'Confirm New Password': confirmation });
    await form.press('Set Password');
  };
  return { form, submit, onDone, onSignOut };
}

afterEach(forgetSignInPassword);

describe('SetPasswordCard (first sign-in with a one-time password)', () => {
  it('shows the "Set a new password" step with the policy and a confirmation field', async () => {
    await setup();
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByText('new@silk.travel')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('placeholder', 'Minimum 8 characters');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(/At least 8 characters/);
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('type', 'password');
  });

  it.each(['', 'short1!', 'alllowercase1!', 'NoDigits!!', 'NoSpecial11'])(
    'refuses the weak password %j with the SPEC policy message',
    async (weak) => {
      const { submit, onDone } = await setup();
      await submit(weak, weak);
      expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_POLICY);
      expect(setPassword).not.toHaveBeenCalled();
      expect(onDone).not.toHaveBeenCalled();
    },
  );

  it('refuses a confirmation that differs', async () => {
    const { submit } = await setup();
    await submit('Str0ng!Pass', 'Str0ng!Pas');
    expect(screen.getByRole('alert')).toHaveTextContent(PASSWORDS_DO_NOT_MATCH);
    expect(setPassword).not.toHaveBeenCalled();
  });

  it('stores the new password and opens the panel', async () => {
    setPassword.mockResolvedValue(undefined as never);
    const { submit, onDone } = await setup();
    await submit('Str0ng!Pass', 'Str0ng!Pass');
    expect(setPassword).toHaveBeenCalledWith(services, 'Str0ng!Pass', ONE_TIME);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("shows the service's error and stays on the step", async () => {
    setPassword.mockRejectedValue(new Error('Firebase: Error (auth/requires-recent-login).'));
    const { submit, onDone } = await setup();
    await submit('Str0ng!Pass', 'Str0ng!Pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('auth/requires-recent-login');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the new-password failure, not the policy, when the error carries no message', async () => {
    setPassword.mockRejectedValue(new Error(''));
    const { submit, onDone } = await setup();
    await submit('Str0ng!Pass', 'Str0ng!Pass');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NEW_PASSWORD_FAILED);
    expect(alert).not.toHaveTextContent(PASSWORD_POLICY);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('asks for the one-time password when this tab did not sign in with it (a reload), labelled', async () => {
    setPassword.mockResolvedValue(undefined as never);
    const { form, submit, onDone } = open();
    const current = screen.getByLabelText('Current Password');
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAccessibleDescription('The one-time password you signed in with.');
    await submit('Str0ng!Pass', 'Str0ng!Pass');
    expect(screen.getByRole('alert')).toHaveTextContent(CURRENT_PASSWORD_REQUIRED);
    expect(setPassword).not.toHaveBeenCalled();
    await form.fill({ 'Current Password': ONE_TIME });
    await form.press('Set Password');
    expect(setPassword).toHaveBeenCalledWith(services, 'Str0ng!Pass', ONE_TIME);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('does not ask for the password typed at sign-in in this tab', async () => {
    await setup();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
  });

  it('offers Logout', async () => {
    const { form, onSignOut } = await setup();
    await form.press('Logout');
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
