import { ApiError } from '@silk/data-access/api-client';
import { LINK_TOKEN_SLOT } from '@silk/schema/constants';
import { LINK_ACTION_FAILED, LINK_INVALID, LINK_TOKEN_MISSING } from '@silk/schema/messages';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '@/testing/config';
import { ConfirmSubscription } from './confirm-subscription';

const follow = vi.fn<(apiBase: string, action: string, token: string) => Promise<{ ok: true }>>();
vi.mock('@silk/data-access/subscription', () => ({
  followEmailLink: (...args: [string, string, string]) => follow(...args),
}));

const visit = (search: string) => window.history.replaceState(null, '', `/confirm${search}`);

describe('the /confirm page', () => {
  beforeEach(() => {
    follow.mockReset();
    visit('?token=signed.token');
  });
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('prerenders the "Confirm my spot" form (no token known at build time) and hydrates it, token filled in, without a mismatch', async () => {
    follow.mockResolvedValue({ ok: true });
    const html = renderToString(<ConfirmSubscription apiBase="/api" />);
    expect(html).toContain('Confirm my spot');
    expect(html).toContain(`value="${LINK_TOKEN_SLOT}"`);
    expect(follow).not.toHaveBeenCalled();
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = html.replace(LINK_TOKEN_SLOT, 'signed.token'); // as the page's server route does
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <ConfirmSubscription apiBase="/api" />, {
        onRecoverableError: (error) => console.error(error),
      });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(follow).toHaveBeenCalledExactlyOnceWith('/api', 'confirmSubscription', 'signed.token');
  });

  it('confirms on load, announces the result and moves focus to it', async () => {
    const call = deferred<{ ok: true }>();
    follow.mockReturnValue(call.promise);
    render(<ConfirmSubscription apiBase="/api" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirming your spot…');
    expect(screen.getByRole('heading', { level: 1 }).closest('section')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('link', { name: 'Back to Home' })).not.toBeInTheDocument();
    call.resolve({ ok: true });
    const heading = await screen.findByRole('heading', { name: 'You’re confirmed' });
    // The heading is in the document a render before the effect that focuses it.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(/Your spot on the Silk waitlist is secured/);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(follow).toHaveBeenCalledTimes(1);
  });

  it("shows a refused link's server message as an error page with a link home, and no retry", async () => {
    follow.mockRejectedValue(new ApiError(401, { error: LINK_INVALID }));
    render(<ConfirmSubscription apiBase="/api" />);
    const heading = await screen.findByRole('heading', { name: 'This link cannot be used' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('refuses a link without a token at once, calling nothing', async () => {
    visit('');
    render(<ConfirmSubscription apiBase="/api" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_TOKEN_MISSING);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This link cannot be used');
    expect(follow).not.toHaveBeenCalled();
  });

  it('offers "Try again" when the server could not be reached, and confirms on the retry', async () => {
    follow.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce({ ok: true });
    const user = userEvent.setup();
    render(<ConfirmSubscription apiBase="/api" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_ACTION_FAILED);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('We couldn’t confirm your spot');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('You’re confirmed'),
    );
    expect(follow).toHaveBeenCalledTimes(2);
  });
});
