import { signInWithIdentifier, sendPasswordResetForIdentifier } from '@silk/data-access/auth';
import {
  AUTH_WRONG_PASSWORD,
  PASSWORD_RESET_FAILED,
  RESET_IDENTIFIER_REQUIRED,
  RESET_SENT_LOGIN,
  SIGN_IN_FAILED,
  SIGN_IN_FIELDS_REQUIRED,
  USERNAME_NOT_FOUND,
} from '@silk/schema/messages';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderForm, resetBeforeEach } from '@/testing/forms';
import { services } from '@/testing/services';
import { SignInCard } from './sign-in-card';

vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@silk/data-access/auth', () => ({
  signInWithIdentifier: vi.fn(),
  sendPasswordResetForIdentifier: vi.fn(),
}));

const signIn = vi.mocked(signInWithIdentifier);
const sendReset = vi.mocked(sendPasswordResetForIdentifier);
resetBeforeEach(signIn, sendReset);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Types the identifier and the password (an empty one is left untouched) and clicks "Sign In". */
async function signInWith(identifier: string, password: string) {
  const form = renderForm(<SignInCard />);
  await form.fill({ 'Username or Email': identifier, Password: password });
  await form.press('Sign In');
  return form;
}

describe('SignInCard: sign-in form', () => {
  it('shows the "Admin Sign In" card with its fields and actions', () => {
    render(<SignInCard />);
    expect(screen.getByRole('heading', { name: 'Admin Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username or Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot Password?' })).toBeInTheDocument();
  });

  it.each([
    ['nothing', '', ''],
    ['only the identifier', 'ana', ''],
    ['only the password', '', 'secret'],
    ['a blank identifier', '   ', 'secret'],
  ])('refuses %s with the both-fields message, without calling the service', async (_case, id, pw) => {
    await signInWith(id, pw);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(SIGN_IN_FIELDS_REQUIRED);
    expect(alert).toHaveAttribute('data-tone', 'error');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('signs in with the trimmed identifier and the password', async () => {
    signIn.mockResolvedValue(undefined as never);
    await signInWith('  ana.silva ', 'Pa55word!');
    expect(signIn).toHaveBeenCalledWith(services, 'ana.silva', 'Pa55word!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([USERNAME_NOT_FOUND, AUTH_WRONG_PASSWORD, 'Firebase: Error (auth/too-many-requests).'])(
    'shows the service error %j in the red box',
    async (message) => {
      signIn.mockRejectedValue(new Error(message));
      await signInWith('ana', 'whatever');
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    },
  );

  // A failure with no text to show: a network error without a message, a thrown non-Error.
  it.each([
    ['an error without a message', new Error('')],
    ['a thrown non-error', { code: 'unknown' }],
  ])('shows the sign-in failure, not the required-fields message, for %s', async (_case, thrown) => {
    signIn.mockRejectedValue(thrown);
    await signInWith('ana', 'whatever');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SIGN_IN_FAILED);
    expect(alert).toHaveAttribute('data-tone', 'error');
    expect(alert).not.toHaveTextContent(SIGN_IN_FIELDS_REQUIRED);
  });

  it('clears the previous message when a new submit starts', async () => {
    signIn.mockRejectedValueOnce(new Error(AUTH_WRONG_PASSWORD));
    const pending = deferred();
    signIn.mockReturnValueOnce(pending.promise as never);
    const form = await signInWith('ana@silk.travel', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_WRONG_PASSWORD);
    await form.press('Sign In');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    pending.resolve();
  });
});

describe('SignInCard: forgot-password form', () => {
  async function openReset() {
    const form = renderForm(<SignInCard />);
    await form.press('Forgot Password?');
    return form;
  }

  /** Opens the reset form, types the identifier and clicks "Send Reset Link". */
  async function requestReset(identifier: string) {
    const form = await openReset();
    await form.fill({ 'Username or Email': identifier });
    await form.press('Send Reset Link');
    return form;
  }

  it('switches to the reset form and back, moving focus to its field', async () => {
    const form = await openReset();
    expect(screen.getByLabelText('Username or Email')).toHaveFocus();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    await form.press('Back to Sign In');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Username or Email')).toHaveFocus();
  });

  it('requires the identifier', async () => {
    await requestReset('');
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_IDENTIFIER_REQUIRED);
    expect(sendReset).not.toHaveBeenCalled();
  });

  it('shows the login reset success in the green box', async () => {
    sendReset.mockResolvedValue(undefined as never);
    await requestReset(' ana ');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(RESET_SENT_LOGIN);
    expect(status).toHaveAttribute('data-tone', 'success');
    expect(sendReset).toHaveBeenCalledWith(services, 'ana');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['an error without a message', new Error('  ')],
    ['a thrown non-error', undefined],
  ])('shows the reset failure, not the identifier-required message, for %s', async (_case, thrown) => {
    sendReset.mockRejectedValue(thrown);
    await requestReset('ana');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PASSWORD_RESET_FAILED);
    expect(alert).not.toHaveTextContent(RESET_IDENTIFIER_REQUIRED);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the service's message on failure and clears the success at the next submit", async () => {
    sendReset.mockResolvedValueOnce(undefined as never);
    sendReset.mockRejectedValueOnce(new Error(USERNAME_NOT_FOUND));
    const form = await requestReset('ana');
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_SENT_LOGIN);
    await form.press('Send Reset Link');
    expect(await screen.findByRole('alert')).toHaveTextContent(USERNAME_NOT_FOUND);
    expect(screen.queryByText(RESET_SENT_LOGIN)).not.toBeInTheDocument();
  });
});
