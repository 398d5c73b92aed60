import { setNewPassword } from '@silk/data-access/auth';
import { NEW_PASSWORD_FAILED, PASSWORDS_DO_NOT_MATCH, PASSWORD_POLICY } from '@silk/schema/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SetPasswordCard } from './set-password-card';

const services = { tag: 'services' };
vi.mock('@/lib/services', () => ({ adminServices: () => services }));
vi.mock('@silk/data-access/auth', () => ({ setNewPassword: vi.fn() }));
const setPassword = vi.mocked(setNewPassword);

beforeEach(() => {
  setPassword.mockReset();
});

function setup() {
  const onDone = vi.fn();
  const onSignOut = vi.fn();
  const user = userEvent.setup();
  render(<SetPasswordCard email="new@silk.travel" onDone={onDone} onSignOut={onSignOut} />);
  return { user, onDone, onSignOut };
}

describe('SetPasswordCard (first sign-in with a one-time password)', () => {
  it('shows the "Set a new password" step with the policy and a confirmation field', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByText('new@silk.travel')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('placeholder', 'Minimum 8 characters');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(/At least 8 characters/);
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('type', 'password');
  });

  it.each(['', 'short1!', 'alllowercase1!', 'NoDigits!!', 'NoSpecial11'])(
    'refuses the weak password %j with the SPEC policy message',
    async (weak) => {
      const { user, onDone } = setup();
      if (weak) {
        await user.type(screen.getByLabelText('New Password'), weak);
        await user.type(screen.getByLabelText('Confirm New Password'), weak);
      }
      await user.click(screen.getByRole('button', { name: 'Set Password' }));
      expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_POLICY);
      expect(setPassword).not.toHaveBeenCalled();
      expect(onDone).not.toHaveBeenCalled();
    },
  );

  it('refuses a confirmation that differs', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('New Password'), 'Str0ng!Pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Str0ng!Pas');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PASSWORDS_DO_NOT_MATCH);
    expect(setPassword).not.toHaveBeenCalled();
  });

  it('stores the new password and opens the panel', async () => {
    setPassword.mockResolvedValue(undefined as never);
    const { user, onDone } = setup();
    await user.type(screen.getByLabelText('New Password'), 'Str0ng!Pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Str0ng!Pass');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(setPassword).toHaveBeenCalledWith(services, 'Str0ng!Pass');
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("shows the service's error and stays on the step", async () => {
    setPassword.mockRejectedValue(new Error('Firebase: Error (auth/requires-recent-login).'));
    const { user, onDone } = setup();
    await user.type(screen.getByLabelText('New Password'), 'Str0ng!Pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Str0ng!Pass');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('auth/requires-recent-login');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the new-password failure, not the policy, when the error carries no message', async () => {
    setPassword.mockRejectedValue(new Error(''));
    const { user, onDone } = setup();
    await user.type(screen.getByLabelText('New Password'), 'Str0ng!Pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Str0ng!Pass');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NEW_PASSWORD_FAILED);
    expect(alert).not.toHaveTextContent(PASSWORD_POLICY);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('offers Logout', async () => {
    const { user, onSignOut } = setup();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
