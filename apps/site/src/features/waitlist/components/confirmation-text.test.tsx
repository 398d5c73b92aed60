import { SESSION_EMAIL_KEY } from '@silk/schema/constants';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfirmationText } from './confirmation-text';

describe('ConfirmationText', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('secures a spot for the e-mail in session storage and points to the inbox', () => {
    window.sessionStorage.setItem(SESSION_EMAIL_KEY, 'ana@example.com');
    render(<ConfirmationText />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your spot is secured');
    expect(screen.getByText(/secured a spot on the Silk waitlist for ana@example\.com/)).toHaveTextContent(
      /Watch your inbox for updates and for your early access link/,
    );
  });

  it('shows the generic copy without a session e-mail', () => {
    render(<ConfirmationText />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to the Silk waitlist');
    expect(screen.queryByText(/@/)).not.toBeInTheDocument();
  });
});
