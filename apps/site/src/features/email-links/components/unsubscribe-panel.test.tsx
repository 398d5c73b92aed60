import { ApiError } from '@silk/data-access/api-client';
import { ERASE_SECTION_ID } from '@silk/schema/constants';
import { LINK_EXPIRED, LINK_INVALID, LINK_TOKEN_MISSING, RATE_LIMITED } from '@silk/schema/messages';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '@/testing/config';
import { UnsubscribePanel } from './unsubscribe-panel';

const follow = vi.fn<(apiBase: string, action: string, token: string) => Promise<{ ok: true }>>();
vi.mock('@silk/data-access/subscription', () => ({
  followEmailLink: (...args: [string, string, string]) => follow(...args),
}));

const visit = (search: string) => window.history.replaceState(null, '', `/unsubscribe${search}`);
const eraseSection = () => screen.getByRole('region', { name: 'Delete my data' });

function setup() {
  const user = userEvent.setup();
  render(<UnsubscribePanel apiBase="/api" />);
  return user;
}

describe('the /unsubscribe page', () => {
  beforeEach(() => {
    follow.mockReset();
    follow.mockResolvedValue({ ok: true });
    visit('?token=unsubscribe.token&erase=erase.token');
  });
  afterEach(() => vi.restoreAllMocks());

  it('prerenders both sections, the erase one at the id its link points to', () => {
    const page = document.createElement('div');
    page.innerHTML = renderToString(<UnsubscribePanel apiBase="/api" />);
    expect(page.querySelector('h1')).toHaveTextContent('Unsubscribe from Silk e-mails');
    expect(page.querySelector(`#${ERASE_SECTION_ID} h2`)).toHaveTextContent('Delete my data');
    expect(follow).not.toHaveBeenCalled();
  });

  it('unsubscribes only on the click (never on load), then re-subscribes with the same token', async () => {
    const user = setup();
    expect(follow).not.toHaveBeenCalled();
    const call = deferred<{ ok: true }>();
    follow.mockReturnValueOnce(call.promise);
    const button = screen.getByRole('button', { name: 'Unsubscribe' });
    await user.click(button);
    expect(button).toHaveTextContent('Unsubscribing...');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(follow).toHaveBeenCalledExactlyOnceWith('/api', 'unsubscribe', 'unsubscribe.token');
    call.resolve({ ok: true });
    expect(await screen.findByText(/You are unsubscribed/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are unsubscribed. We will not send you any more e-mails.',
    );
    // The same button, so focus stays where it was.
    expect(button).toHaveTextContent('Re-subscribe');
    expect(button).toHaveFocus();

    await user.click(button);
    expect(follow).toHaveBeenLastCalledWith('/api', 'resubscribe', 'unsubscribe.token');
    expect(await screen.findByText(/subscribed to Silk e-mails again/)).toBeInTheDocument();
    expect(button).toHaveTextContent('Unsubscribe');
  });

  it('shows an error page for a refused link, with a link home and no button', async () => {
    follow.mockRejectedValueOnce(new ApiError(401, { error: LINK_INVALID }));
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: /subscribe/i })).not.toBeInTheDocument();
  });

  it('keeps the button for a retry after a rate limit, with the server message', async () => {
    follow.mockRejectedValueOnce(new ApiError(429, { error: RATE_LIMITED }));
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RATE_LIMITED);
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('says a link without its tokens is incomplete, and points to the e-mail for deleting data', async () => {
    visit('');
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_TOKEN_MISSING);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(within(eraseSection()).queryByRole('button')).not.toBeInTheDocument();
    expect(eraseSection()).toHaveTextContent('open the “Delete my data” link in one of our e-mails');
  });

  describe('Delete my data', () => {
    it('asks first (focus on Cancel; Escape cancels and returns focus), erasing nothing', async () => {
      const user = setup();
      const open = within(eraseSection()).getByRole('button', { name: 'Delete my data' });
      await user.click(open);
      const confirmation = within(eraseSection()).getByRole('group', { name: /Delete all your data\?/ });
      expect(within(confirmation).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('group')).not.toBeInTheDocument();
      expect(within(eraseSection()).getByRole('button', { name: 'Delete my data' })).toHaveFocus();

      await user.click(within(eraseSection()).getByRole('button', { name: 'Delete my data' }));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(within(eraseSection()).getByRole('button', { name: 'Delete my data' })).toHaveFocus();
      expect(follow).not.toHaveBeenCalled();
    });

    it('erases with the erase token after the confirmation, then says so in place of the page', async () => {
      const call = deferred<{ ok: true }>();
      follow.mockReturnValueOnce(call.promise);
      const user = setup();
      await user.click(within(eraseSection()).getByRole('button', { name: 'Delete my data' }));
      await user.click(screen.getByRole('button', { name: 'Yes, delete my data' }));
      expect(follow).toHaveBeenCalledExactlyOnceWith('/api', 'eraseSubscriber', 'erase.token');
      expect(screen.getByRole('button', { name: 'Deleting...' })).toHaveAttribute('aria-disabled', 'true');
      call.resolve({ ok: true });
      const heading = await screen.findByRole('heading', { level: 1, name: 'Your data has been deleted' });
      expect(heading).toHaveFocus();
      expect(screen.getByRole('status')).toHaveTextContent(/anonymous record that the deletion took place/);
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    });

    it('shows a refused erase link in its section and leaves unsubscribing available', async () => {
      follow.mockRejectedValueOnce(new ApiError(401, { error: LINK_EXPIRED }));
      const user = setup();
      await user.click(within(eraseSection()).getByRole('button', { name: 'Delete my data' }));
      await user.click(screen.getByRole('button', { name: 'Yes, delete my data' }));
      expect(await within(eraseSection()).findByRole('alert')).toHaveTextContent(LINK_EXPIRED);
      expect(within(eraseSection()).queryByRole('button')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
    });
  });
});
