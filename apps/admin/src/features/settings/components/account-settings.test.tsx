import { sendPasswordResetForIdentifier } from '@silk/data-access/auth';
import { changeUsername } from '@silk/data-access/usernames';
import {
  INVALID_USERNAME,
  PASSWORD_RESET_FAILED,
  RESET_SENT_SETTINGS,
  USERNAME_REQUIRED,
  USERNAME_TAKEN,
  USERNAME_UPDATE_FAILED,
  USERNAME_UPDATED,
  USER_NOT_AUTHENTICATED,
} from '@silk/schema/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderForm, resetBeforeEach } from '@/testing/forms';
import { services } from '@/testing/services';
import { AccountSettings } from './account-settings';

vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@silk/data-access/auth', () => ({ sendPasswordResetForIdentifier: vi.fn() }));
vi.mock('@silk/data-access/usernames', () => ({ changeUsername: vi.fn() }));
const change = vi.mocked(changeUsername);
const sendReset = vi.mocked(sendPasswordResetForIdentifier);
resetBeforeEach(change, sendReset);

function setup() {
  const onUsernameChanged = vi.fn();
  const page = renderForm(
    <AccountSettings email="ana@silk.travel" username="ana" onUsernameChanged={onUsernameChanged} />,
  );
  const usernameCard = screen.getByRole('region', { name: 'Change Username' });
  const passwordCard = screen.getByRole('region', { name: 'Change Password' });
  const usernameForm = page.within(usernameCard);
  /** Types the new username (an empty one is left untouched) and clicks "Update Username". */
  const updateUsername = async (username: string) => {
    await usernameForm.fill({ 'New Username': username });
    await usernameForm.press('Update Username');
  };
  const sendResetEmail = () => page.within(passwordCard).press('Send Password Reset Email');
  const newUsername = () => within(usernameCard).getByLabelText('New Username');
  return { onUsernameChanged, usernameCard, passwordCard, updateUsername, sendResetEmail, newUsername };
}

describe('Change Username card', () => {
  it('shows the current username read-only, "New Username" and "Update Username"', () => {
    const { usernameCard, newUsername } = setup();
    const current = within(usernameCard).getByLabelText('Current Username');
    expect(current).toHaveValue('ana');
    expect(current).toHaveAttribute('readonly');
    expect(newUsername()).toHaveValue('');
    expect(within(usernameCard).getByRole('button', { name: 'Update Username' })).toBeInTheDocument();
  });

  it.each([
    ['requires a new username (trimmed)', '   ', USERNAME_REQUIRED],
    ['refuses a username with characters the panel cannot use', 'ana@silk', INVALID_USERNAME],
  ])('%s', async (_title, typed, message) => {
    const { usernameCard, updateUsername } = setup();
    await updateUsername(typed);
    expect(within(usernameCard).getByRole('alert')).toHaveTextContent(message);
    expect(change).not.toHaveBeenCalled();
  });

  it.each([USERNAME_TAKEN, USER_NOT_AUTHENTICATED])('shows %j from the service', async (message) => {
    change.mockRejectedValue(new Error(message));
    const { usernameCard, updateUsername, newUsername, onUsernameChanged } = setup();
    await updateUsername('taken');
    expect(await within(usernameCard).findByRole('alert')).toHaveTextContent(message);
    expect(newUsername()).toHaveValue('taken');
    expect(onUsernameChanged).not.toHaveBeenCalled();
  });

  it.each([
    ['an error without a message', new Error('')],
    ['a thrown non-error', null],
  ])('shows the username-update failure, not the required message, for %s', async (_case, thrown) => {
    change.mockRejectedValue(thrown);
    const { usernameCard, updateUsername, newUsername, onUsernameChanged } = setup();
    await updateUsername('ana.s');
    const alert = await within(usernameCard).findByRole('alert');
    expect(alert).toHaveTextContent(USERNAME_UPDATE_FAILED);
    expect(alert).not.toHaveTextContent(USERNAME_REQUIRED);
    expect(newUsername()).toHaveValue('ana.s');
    expect(onUsernameChanged).not.toHaveBeenCalled();
  });

  it('updates the username, says so in the green box and clears the input', async () => {
    change.mockResolvedValue(undefined as never);
    const { usernameCard, updateUsername, newUsername, onUsernameChanged } = setup();
    await updateUsername('  ana.s ');
    expect(change).toHaveBeenCalledWith(services, 'ana.s');
    const status = await within(usernameCard).findByRole('status');
    expect(status).toHaveTextContent(USERNAME_UPDATED);
    expect(newUsername()).toHaveValue('');
    expect(onUsernameChanged).toHaveBeenCalledWith('ana.s');
  });

  it('clears the success message at the next submit', async () => {
    change.mockResolvedValueOnce(undefined as never);
    const { usernameCard, updateUsername } = setup();
    await updateUsername('ana.s');
    await within(usernameCard).findByRole('status');
    await updateUsername('');
    expect(within(usernameCard).queryByRole('status')).not.toBeInTheDocument();
    expect(within(usernameCard).getByRole('alert')).toHaveTextContent(USERNAME_REQUIRED);
  });
});

describe('Change Password card', () => {
  it('shows the own e-mail read-only and sends the reset e-mail to it', async () => {
    sendReset.mockResolvedValue(undefined as never);
    const { passwordCard, sendResetEmail } = setup();
    const email = within(passwordCard).getByLabelText('Email');
    expect(email).toHaveValue('ana@silk.travel');
    expect(email).toHaveAttribute('readonly');
    await sendResetEmail();
    expect(sendReset).toHaveBeenCalledWith(services, 'ana@silk.travel');
    expect(await within(passwordCard).findByRole('status')).toHaveTextContent(RESET_SENT_SETTINGS);
  });

  it("shows the service's message on failure", async () => {
    sendReset.mockRejectedValue(new Error('Firebase: Error (auth/too-many-requests).'));
    const { passwordCard, sendResetEmail } = setup();
    await sendResetEmail();
    expect(await within(passwordCard).findByRole('alert')).toHaveTextContent('auth/too-many-requests');
    expect(within(passwordCard).queryByRole('status')).not.toBeInTheDocument();
  });

  // Before, a message-less failure showed the success text in the red box.
  it.each([
    ['an error without a message', new Error('')],
    ['a thrown non-error', undefined],
  ])('shows the reset failure, never the success text, for %s', async (_case, thrown) => {
    sendReset.mockRejectedValue(thrown);
    const { passwordCard, sendResetEmail } = setup();
    await sendResetEmail();
    const alert = await within(passwordCard).findByRole('alert');
    expect(alert).toHaveTextContent(PASSWORD_RESET_FAILED);
    expect(alert).toHaveAttribute('data-tone', 'error');
    expect(within(passwordCard).queryByText(RESET_SENT_SETTINGS)).not.toBeInTheDocument();
  });
});
