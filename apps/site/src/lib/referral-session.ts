// The referral codes of this browser session (sessionStorage; unavailable storage reads as none): the code
// of the link the visitor came through (`/?ref=…`, kept by the head's page script and sent with the
// signup) and the visitor's own code from /api/subscribe's answer (shown on /waitlist).
import { SESSION_REFERRAL_CODE_KEY, SESSION_REFERRED_BY_KEY } from '@silk/schema/constants';
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
