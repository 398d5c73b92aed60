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
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountSettings } from './account-settings';

const services = { tag: 'services' };
vi.mock('@/lib/services', () => ({ adminServices: () => services }));
vi.mock('@silk/data-access/auth', () => ({ sendPasswordResetForIdentifier: vi.fn() }));
vi.mock('@silk/data-access/usernames', () => ({ changeUsername: vi.fn() }));
const change = vi.mocked(changeUsername);
const sendReset = vi.mocked(sendPasswordResetForIdentifier);

beforeEach(() => {
  change.mockReset();
  sendReset.mockReset();
});

function setup() {
  const onUsernameChanged = vi.fn();
  const user = userEvent.setup();
  render(<AccountSettings email="ana@silk.travel" username="ana" onUsernameChanged={onUsernameChanged} />);
  const usernameCard = screen.getByRole('region', { name: 'Change Username' });
  const passwordCard = screen.getByRole('region', { name: 'Change Password' });
  return { user, onUsernameChanged, usernameCard, passwordCard };
}

describe('Change Username card', () => {
  it('shows the current username read-only, "New Username" and "Update Username"', () => {
    const { usernameCard } = setup();
    const current = within(usernameCard).getByLabelText('Current Username');
    expect(current).toHaveValue('ana');
    expect(current).toHaveAttribute('readonly');
    expect(within(usernameCard).getByLabelText('New Username')).toHaveValue('');
    expect(within(usernameCard).getByRole('button', { name: 'Update Username' })).toBeInTheDocument();
  });

  it('requires a new username (trimmed)', async () => {
    const { user, usernameCard } = setup();
    await user.type(within(usernameCard).getByLabelText('New Username'), '   ');
    await user.click(within(usernameCard).getByRole('button', { name: 'Update Username' }));
    expect(within(usernameCard).getByRole('alert')).toHaveTextContent(USERNAME_REQUIRED);
    expect(change).not.toHaveBeenCalled();
  });

  it('refuses a username with characters the panel cannot use', async () => {
    const { user, usernameCard } = setup();
    await user.type(within(usernameCard).getByLabelText('New Username'), 'ana@silk');
    await user.click(within(usernameCard).getByRole('button', { name: 'Update Username' }));
    expect(within(usernameCard).getByRole('alert')).toHaveTextContent(INVALID_USERNAME);
    expect(change).not.toHaveBeenCalled();
  });

  it.each([USERNAME_TAKEN, USER_NOT_AUTHENTICATED])('shows %j from the service', async (message) => {
    change.mockRejectedValue(new Error(message));
    const { user, usernameCard, onUsernameChanged } = setup();
    await user.type(within(usernameCard).getByLabelText('New Username'), 'taken');
    await user.click(within(usernameCard).getByRole('button', { name: 'Update Username' }));
    expect(await within(usernameCard).findByRole('alert')).toHaveTextContent(message);
    expect(within(usernameCard).getByLabelText('New Username')).toHaveValue('taken');
    expect(onUsernameChanged).not.toHaveBeenCalled();
  });

  it.each([
    ['an error without a message', new Error('')],
    ['a thrown non-error', null],
  ])('shows the username-update failure, not the required message, for %s', async (_case, thrown) => {
    change.mockRejectedValue(thrown);
    const { user, usernameCard, onUsernameChanged } = setup();
    await user.type(within(usernameCard).getByLabelText('New Username'), 'ana.s');
    await user.click(within(usernameCard).getByRole('button', { name: 'Update Username' }));
    const alert = await within(usernameCard).findByRole('alert');
    expect(alert).toHaveTextContent(USERNAME_UPDATE_FAILED);
    expect(alert).not.toHaveTextContent(USERNAME_REQUIRED);
    expect(within(usernameCard).getByLabelText('New Username')).toHaveValue('ana.s');
    expect(onUsernameChanged).not.toHaveBeenCalled();
  });

  it('updates the username, says so in the green box and clears the input', async () => {
    change.mockResolvedValue(undefined as never);
    const { user, usernameCard, onUsernameChanged } = setup();
    await user.type(within(usernameCard).getByLabelText('New Username'), '  ana.s ');
    await user.click(within(usernameCard).getByRole('button', { name: 'Update Username' }));
    expect(change).toHaveBeenCalledWith(services, 'ana.s');
    const status = await within(usernameCard).findByRole('status');
    expect(status).toHaveTextContent(USERNAME_UPDATED);
    expect(within(usernameCard).getByLabelText('New Username')).toHaveValue('');
    expect(onUsernameChanged).toHaveBeenCalledWith('ana.s');
  });

  it('clears the success message at the next submit', async () => {
    change.mockResolvedValueOnce(undefined as never);
    const { user, usernameCard } = setup();
    await user.type(within(usernameCard).getByLabelText('New Username'), 'ana.s');
    await user.click(within(usernameCard).getByRole('button', { name: 'Update Username' }));
    await within(usernameCard).findByRole('status');
    await user.click(within(usernameCard).getByRole('button', { name: 'Update Username' }));
    expect(within(usernameCard).queryByRole('status')).not.toBeInTheDocument();
    expect(within(usernameCard).getByRole('alert')).toHaveTextContent(USERNAME_REQUIRED);
  });
});

describe('Change Password card', () => {
  it('shows the own e-mail read-only and sends the reset e-mail to it', async () => {
    sendReset.mockResolvedValue(undefined as never);
    const { user, passwordCard } = setup();
    const email = within(passwordCard).getByLabelText('Email');
    expect(email).toHaveValue('ana@silk.travel');
    expect(email).toHaveAttribute('readonly');
    await user.click(within(passwordCard).getByRole('button', { name: 'Send Password Reset Email' }));
    expect(sendReset).toHaveBeenCalledWith(services, 'ana@silk.travel');
    expect(await within(passwordCard).findByRole('status')).toHaveTextContent(RESET_SENT_SETTINGS);
  });

  it("shows the service's message on failure", async () => {
    sendReset.mockRejectedValue(new Error('Firebase: Error (auth/too-many-requests).'));
    const { user, passwordCard } = setup();
    await user.click(within(passwordCard).getByRole('button', { name: 'Send Password Reset Email' }));
    expect(await within(passwordCard).findByRole('alert')).toHaveTextContent('auth/too-many-requests');
    expect(within(passwordCard).queryByRole('status')).not.toBeInTheDocument();
  });

  // Before, a message-less failure showed the success text in the red box.
  it.each([
    ['an error without a message', new Error('')],
    ['a thrown non-error', undefined],
  ])('shows the reset failure, never the success text, for %s', async (_case, thrown) => {
    sendReset.mockRejectedValue(thrown);
    const { user, passwordCard } = setup();
    await user.click(within(passwordCard).getByRole('button', { name: 'Send Password Reset Email' }));
    const alert = await within(passwordCard).findByRole('alert');
    expect(alert).toHaveTextContent(PASSWORD_RESET_FAILED);
    expect(alert).toHaveAttribute('data-tone', 'error');
    expect(within(passwordCard).queryByText(RESET_SENT_SETTINGS)).not.toBeInTheDocument();
  });
});
