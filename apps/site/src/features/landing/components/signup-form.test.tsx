import {
  SESSION_EMAIL_KEY,
  SESSION_REFERRAL_CODE_KEY,
  SESSION_REFERRAL_CODE_PENDING_KEY,
  SESSION_REFERRED_BY_KEY,
  SESSION_VISIT_KEY,
} from '@silk/schema/constants';
import { ACCEPTED_ADDRESSES, REFUSED_ADDRESSES } from '@silk/schema/email-grammar-cases';
import {
  INVALID_EMAIL,
  SIGNUP_BUTTON_LABEL,
  SIGNUP_FAILED,
  SUBMITTING_SIGNUP_LABEL,
} from '@silk/schema/messages';
import { normalizeEmail } from '@silk/schema/validators';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { deferred, testConfig } from '@/testing/config';
import { resetBetweenFormTests } from '@/testing/form-tests';
import { rememberVisit } from '@/lib/visit-session';
import { SignupForm } from './signup-form';
import type { JoinOutcome } from '@silk/data-access/waitlist';

type Join = (
  config: unknown,
  email: string,
  appName?: string,
  ref?: string | null,
  visit?: { url: string; referrer: string } | null,
) => Promise<JoinOutcome>;
const SUBSCRIBED: JoinOutcome = { referralCode: null, subscribeSettled: true };
const joinWaitlist = vi.fn<Join>();
vi.mock('@silk/data-access/waitlist', () => ({
  joinWaitlist: (...args: Parameters<Join>) => joinWaitlist(...args),
}));

const config = testConfig();

function setup() {
  const navigate = vi.fn<(url: string) => void>();
  render(<SignupForm config={config} navigate={navigate} />);
  const input = screen.getByLabelText('Your e-mail address');
  const submit = (email: string) => {
    fireEvent.change(input, { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: SIGNUP_BUTTON_LABEL }));
  };
  return { navigate, input, submit };
}

describe('SignupForm', () => {
  resetBetweenFormTests(joinWaitlist);

  it('has a required e-mail field of type email and the SPEC button', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    expect(screen.getByRole('button', { name: SIGNUP_BUTTON_LABEL })).toBeEnabled();
  });

  // The address grammar's shared table (@silk/schema/email-grammar-cases), as the rules and functions use it.
  it.each(['', 'traveller', 'a@b', 'a b@c.de', '@mail.com', ...REFUSED_ADDRESSES.map(({ input }) => input)])(
    'refuses %j with the SPEC message and sends nothing',
    async (email) => {
      const { navigate, submit, input } = setup();
      submit(email);
      expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_EMAIL);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(joinWaitlist).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
      expect(window.sessionStorage.getItem(SESSION_EMAIL_KEY)).toBeNull();
    },
  );

  it.each(ACCEPTED_ADDRESSES)(
    'sends $input, which the functions store as $address',
    async ({ input, address }) => {
      joinWaitlist.mockResolvedValue(SUBSCRIBED);
      const { navigate, submit } = setup();
      submit(input);
      await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/waitlist'));
      expect(joinWaitlist).toHaveBeenCalledTimes(1);
      expect(normalizeEmail(joinWaitlist.mock.calls[0]?.[1] ?? '')).toBe(address);
    },
  );

  it('shows "Unlocking..." with the input and button disabled while submitting, then stores the e-mail and navigates to /waitlist', async () => {
    const write = deferred<JoinOutcome>();
    joinWaitlist.mockReturnValue(write.promise);
    const { navigate, submit, input } = setup();
    submit('  ana.silva@example.com ');
    const button = await screen.findByRole('button', { name: SUBMITTING_SIGNUP_LABEL });
    expect(button).toBeDisabled();
    expect(input).toBeDisabled();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(joinWaitlist).toHaveBeenCalledWith(config, 'ana.silva@example.com', undefined, null, null);
    expect(navigate).not.toHaveBeenCalled();
    await act(async () => write.resolve(SUBSCRIBED));
    expect(window.sessionStorage.getItem(SESSION_EMAIL_KEY)).toBe('ana.silva@example.com');
    expect(navigate).toHaveBeenCalledWith('/waitlist');
  });

  it("sends the referral link's code of the visit and keeps the subscriber's own code for /waitlist", async () => {
    window.sessionStorage.setItem(SESSION_REFERRED_BY_KEY, 'abcd2345');
    joinWaitlist.mockResolvedValue({ referralCode: 'zxcv6789', subscribeSettled: true });
    const { navigate, submit } = setup();
    submit('ana.silva@example.com');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/waitlist'));
    expect(joinWaitlist).toHaveBeenCalledWith(config, 'ana.silva@example.com', undefined, 'abcd2345', null);
    expect(window.sessionStorage.getItem(SESSION_REFERRAL_CODE_KEY)).toBe('zxcv6789');
    expect(window.sessionStorage.getItem(SESSION_REFERRAL_CODE_PENDING_KEY)).toBeNull();
  });

  it('marks the code as still to come when the mailing-list call outlasted its wait, and not when it failed', async () => {
    joinWaitlist.mockResolvedValueOnce({ referralCode: null, subscribeSettled: false });
    const first = setup();
    first.submit('ana.silva@example.com');
    await vi.waitFor(() => expect(first.navigate).toHaveBeenCalledWith('/waitlist'));
    expect(window.sessionStorage.getItem(SESSION_REFERRAL_CODE_PENDING_KEY)).toBe('1');
    expect(window.sessionStorage.getItem(SESSION_REFERRAL_CODE_KEY)).toBeNull();
    window.sessionStorage.clear();
    cleanup();
    joinWaitlist.mockResolvedValueOnce(SUBSCRIBED);
    const second = setup();
    second.submit('ana.silva@example.com');
    await vi.waitFor(() => expect(second.navigate).toHaveBeenCalledWith('/waitlist'));
    expect(window.sessionStorage.getItem(SESSION_REFERRAL_CODE_PENDING_KEY)).toBeNull();
  });

  it('sends the visit the session arrived with (its first page and referrer), kept across later pages', async () => {
    window.history.replaceState(null, '', '/?utm_source=newsletter&utm_campaign=launch');
    rememberVisit();
    window.history.replaceState(null, '', '/faq');
    rememberVisit();
    const arrival = JSON.parse(window.sessionStorage.getItem(SESSION_VISIT_KEY) ?? 'null') as { url: string };
    expect(new URL(arrival.url).search).toBe('?utm_source=newsletter&utm_campaign=launch');
    joinWaitlist.mockResolvedValue(SUBSCRIBED);
    const { navigate, submit } = setup();
    submit('ana.silva@example.com');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/waitlist'));
    expect(joinWaitlist).toHaveBeenCalledWith(config, 'ana.silva@example.com', undefined, null, {
      url: arrival.url,
      referrer: document.referrer,
    });
    window.history.replaceState(null, '', '/');
  });

  it('shows the SPEC error, re-enables the form and stays on the page when the write fails', async () => {
    joinWaitlist.mockRejectedValue(new Error(SIGNUP_FAILED));
    const { navigate, submit, input } = setup();
    submit('ana@example.com');
    expect(await screen.findByText(SIGNUP_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SIGNUP_BUTTON_LABEL })).toBeEnabled();
    expect(input).toBeEnabled();
    expect(input).toHaveValue('ana@example.com');
    expect(navigate).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(SESSION_EMAIL_KEY)).toBeNull();
  });

  it('clears the previous error when a new submission starts', async () => {
    const write = deferred<JoinOutcome>();
    joinWaitlist.mockReturnValue(write.promise);
    const { submit } = setup();
    submit('nope');
    expect(await screen.findByText(INVALID_EMAIL)).toBeInTheDocument();
    submit('ana@example.com');
    await screen.findByRole('button', { name: SUBMITTING_SIGNUP_LABEL });
    expect(screen.queryByText(INVALID_EMAIL)).not.toBeInTheDocument();
  });

  it('is a POST form to /api/join, so it stores the signup before hydration or without JavaScript', () => {
    setup();
    const form = screen.getByRole('button', { name: SIGNUP_BUTTON_LABEL }).closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/join');
  });

  it('keeps an address typed before hydration and submits it', async () => {
    joinWaitlist.mockResolvedValue(SUBSCRIBED);
    const navigate = vi.fn<(url: string) => void>();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignupForm config={config} navigate={navigate} />);
    document.body.append(container);
    const input = container.querySelector('input')!;
    input.value = 'early@example.com'; // typed (or autofilled) while the script was still loading
    await act(async () => {
      hydrateRoot(container, <SignupForm config={config} navigate={navigate} />);
    });
    expect(input).toHaveValue('early@example.com');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: SIGNUP_BUTTON_LABEL }));
    });
    expect(screen.queryByText(INVALID_EMAIL)).not.toBeInTheDocument();
    expect(joinWaitlist).toHaveBeenCalledTimes(1);
    expect(joinWaitlist).toHaveBeenCalledWith(config, 'early@example.com', undefined, null, null);
    expect(navigate).toHaveBeenCalledWith('/waitlist');
    container.remove();
  });
});
