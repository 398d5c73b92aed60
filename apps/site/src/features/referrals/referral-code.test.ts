// @vitest-environment jsdom
import {
  SESSION_EMAIL_KEY,
  SESSION_REFERRAL_CODE_KEY,
  SESSION_REFERRAL_CODE_PENDING_KEY,
  SESSION_REFERRED_BY_KEY,
} from '@silk/schema/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/testing/config';
import { visitorReferralCode } from './referral-code';

const subscribeForReferralCode =
  vi.fn<(config: unknown, email: string, referredBy?: string | null) => Promise<string | null>>();
vi.mock('@silk/data-access/waitlist', () => ({
  subscribeForReferralCode: (...args: Parameters<typeof subscribeForReferralCode>) =>
    subscribeForReferralCode(...args),
}));

const config = testConfig();

describe('visitorReferralCode (/waitlist)', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    subscribeForReferralCode.mockReset();
  });

  it('shows the code the landing page kept, without calling again', async () => {
    window.sessionStorage.setItem(SESSION_REFERRAL_CODE_KEY, 'zxcv6789');
    await expect(visitorReferralCode(config)).resolves.toBe('zxcv6789');
    expect(subscribeForReferralCode).not.toHaveBeenCalled();
  });

  it("asks for the code when the landing page left before the call answered, with the visit's referral code, and keeps it", async () => {
    window.sessionStorage.setItem(SESSION_EMAIL_KEY, 'ana.silva@example.com');
    window.sessionStorage.setItem(SESSION_REFERRED_BY_KEY, 'abcd2345');
    window.sessionStorage.setItem(SESSION_REFERRAL_CODE_PENDING_KEY, '1');
    subscribeForReferralCode.mockResolvedValue('zxcv6789');
    await expect(visitorReferralCode(config)).resolves.toBe('zxcv6789');
    expect(subscribeForReferralCode).toHaveBeenCalledWith(config, 'ana.silva@example.com', 'abcd2345');
    expect(window.sessionStorage.getItem(SESSION_REFERRAL_CODE_KEY)).toBe('zxcv6789');
    expect(window.sessionStorage.getItem(SESSION_REFERRAL_CODE_PENDING_KEY)).toBeNull();
    // A reload shows the kept code without another call.
    await expect(visitorReferralCode(config)).resolves.toBe('zxcv6789');
    expect(subscribeForReferralCode).toHaveBeenCalledTimes(1);
  });

  it('asks once: a failed call shows no link and is not repeated on reload', async () => {
    window.sessionStorage.setItem(SESSION_EMAIL_KEY, 'ana.silva@example.com');
    window.sessionStorage.setItem(SESSION_REFERRAL_CODE_PENDING_KEY, '1');
    subscribeForReferralCode.mockResolvedValue(null);
    await expect(visitorReferralCode(config)).resolves.toBeNull();
    await expect(visitorReferralCode(config)).resolves.toBeNull();
    expect(subscribeForReferralCode).toHaveBeenCalledTimes(1);
  });

  it('calls nothing for a visitor with no pending code or no saved address', async () => {
    await expect(visitorReferralCode(config)).resolves.toBeNull();
    window.sessionStorage.setItem(SESSION_REFERRAL_CODE_PENDING_KEY, '1');
    await expect(visitorReferralCode(config)).resolves.toBeNull();
    expect(subscribeForReferralCode).not.toHaveBeenCalled();
  });
});
