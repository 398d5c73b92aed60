import { SESSION_EMAIL_KEY } from '@silk/schema/constants';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateIsland, Island } from '@/islands/island';
import { readSessionEmail } from '@/lib/session-email';
import { CONFIRMATION_FIRST_PAINT_SCRIPT } from '@/features/waitlist/confirmation-first-paint';
import { ConfirmationText } from './confirmation-text';

/** The prerendered /waitlist confirmation with its inline script, run as the parser would run it. */
function prerenderedConfirmation() {
  document.body.innerHTML = renderToString(
    <Island name="confirmation">
      <ConfirmationText email={null} />
    </Island>,
  );
  new Function(CONFIRMATION_FIRST_PAINT_SCRIPT)();
}

describe('ConfirmationText', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('secures a spot for the signup e-mail and points to the inbox', () => {
    render(<ConfirmationText email="ana@example.com" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your spot is secured');
    expect(screen.getByText(/secured a spot on the Silk waitlist for ana@example\.com/)).toHaveTextContent(
      /Watch your inbox for updates and for your early access link/,
    );
  });

  it('shows the generic copy without a session e-mail', () => {
    render(<ConfirmationText email={null} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to the Silk waitlist');
    expect(screen.queryByText(/@/)).not.toBeInTheDocument();
  });

  it('is personalised by the first-paint script exactly as the island then renders it, without a mismatch', async () => {
    window.sessionStorage.setItem(SESSION_EMAIL_KEY, 'ana@example.com');
    prerenderedConfirmation();
    const personal = document.body.innerHTML;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your spot is secured');
    expect(screen.getByText(/for ana@example\.com\. Watch your inbox/)).toBeInTheDocument();

    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () =>
      hydrateIsland('confirmation', () => <ConfirmationText email={readSessionEmail()} />),
    );
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(document.body.innerHTML).toBe(
      personal.replace(
        '<div data-island="confirmation">',
        '<div data-island="confirmation" data-hydrated="true">',
      ),
    );
  });

  it('leaves the generic copy without a session e-mail', () => {
    prerenderedConfirmation();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to the Silk waitlist');
  });
});
