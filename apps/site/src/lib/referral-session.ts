// The referral codes of this browser session (sessionStorage; unavailable storage reads as none): the code
// of the link the visitor came through (`/?ref=…`, kept by the head's page script and sent with the
// signup) and the visitor's own code from /api/subscribe's answer (shown on /waitlist), or the mark that
// the answer had not come before the landing page left (/waitlist then asks for it).
import {
  SESSION_REFERRAL_CODE_KEY,
  SESSION_REFERRAL_CODE_PENDING_KEY,
  SESSION_REFERRED_BY_KEY,
} from '@silk/schema/constants';
import { parseReferralCode } from '@silk/schema/referrals';

function read(key: string): string | null {
  try {
    return parseReferralCode(window.sessionStorage.getItem(key));
  } catch {
    return null;
  }
}

/** The code of the referral link this visit came through, if any. */
export const readReferredBy = (): string | null => read(SESSION_REFERRED_BY_KEY);

/** The visitor's own referral code, once /api/subscribe has answered it. */
export const readReferralCode = (): string | null => read(SESSION_REFERRAL_CODE_KEY);

export function saveReferralCode(code: string): void {
  try {
    window.sessionStorage.setItem(SESSION_REFERRAL_CODE_KEY, code);
  } catch {
    // Private modes may refuse storage: /waitlist then shows no link (every e-mail carries it).
  }
}

/** Marks the visitor's own code as still to come (the landing page left before /api/subscribe answered). */
export function markReferralCodePending(): void {
  try {
    window.sessionStorage.setItem(SESSION_REFERRAL_CODE_PENDING_KEY, '1');
  } catch {
    // Without storage /waitlist shows no link (every e-mail carries it).
  }
}

/** Whether /waitlist still has to ask for the visitor's own code; reading the mark clears it (one try per signup). */
export function takeReferralCodePending(): boolean {
  try {
    const pending = window.sessionStorage.getItem(SESSION_REFERRAL_CODE_PENDING_KEY) !== null;
    window.sessionStorage.removeItem(SESSION_REFERRAL_CODE_PENDING_KEY);
    return pending;
  } catch {
    return false;
  }
}
