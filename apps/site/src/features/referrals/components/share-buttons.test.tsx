import { shareTargets } from '@silk/schema/share-links';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReferralLink } from './referral-link';
import { ShareButtons } from './share-buttons';

const LINK = 'https://silk.travel/?ref=abcd2345';

describe('ShareButtons', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'share');
  });

  it('links to e-mail, X, WhatsApp and LinkedIn with the link in each', () => {
    render(<ShareButtons link={LINK} />);
    for (const target of shareTargets(LINK)) {
      const link = screen.getByRole('link', { name: target.label });
      expect(link).toHaveAttribute('href', target.href);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('copies the link and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<ShareButtons link={LINK} />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('offers the native share sheet only where the browser has one', async () => {
    const { unmount } = render(<ShareButtons link={LINK} />);
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
    unmount();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render(<ShareButtons link={LINK} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK }));
  });
});

describe('ReferralLink', () => {
  it("shows the visitor's own link on the site's origin, with its share list", () => {
    render(<ReferralLink code="abcd2345" origin="https://silk.travel" />);
    expect(screen.getByTestId('referral-link')).toHaveTextContent(LINK);
    expect(screen.getByRole('list', { name: 'Share your link' })).toBeInTheDocument();
  });
});
