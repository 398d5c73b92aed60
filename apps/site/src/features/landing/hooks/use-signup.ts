import type { ClientConfig } from '@silk/data-access/config';
import { INVALID_EMAIL, SIGNUP_FAILED } from '@silk/schema/messages';
import { isValidSignupEmail } from '@silk/schema/validators';
import { useState } from 'react';
import { paths } from '@/config/paths';
import { markReferralCodePending, readReferredBy, saveReferralCode } from '@/lib/referral-session';
import { saveSessionEmail } from '@/lib/session-email';
import { readVisit } from '@/lib/visit-session';
import { loadWaitlistModule } from '@/lib/waitlist-module';

export interface SignupState {
  submitting: boolean;
  error: string | null;
}

export interface UseSignupOptions {
  config: ClientConfig;
  /** Full navigation to the confirmation page (window.location.assign by default). */
  navigate?: (url: string) => void;
}

const assign = (url: string) => window.location.assign(url);

/**
 * PRODUCT.md#landing landing form: idle → submitting (flag set, error cleared; the signup carries the
 * session's referral code and visit) → on success the visitor's own referral code is kept for /waitlist
 * (or marked as still to come when the mailing-list call outlasted its wait), the e-mail goes to
 * session storage under waitlist_email and the browser fully navigates to /waitlist; on failure back to
 * idle with the message. A bad address shows the PRODUCT.md#validation message and sends nothing.
 */
export function useSignup({ config, navigate = assign }: UseSignupOptions) {
  const [state, setState] = useState<SignupState>({ submitting: false, error: null });

  async function submit(rawEmail: string): Promise<void> {
    if (state.submitting) return;
    const email = rawEmail.trim();
    if (!isValidSignupEmail(email)) {
      setState({ submitting: false, error: INVALID_EMAIL });
      return;
    }
    setState({ submitting: true, error: null });
    try {
      const { joinWaitlist } = await loadWaitlistModule();
      const outcome = await joinWaitlist(config, email, undefined, readReferredBy(), readVisit());
      if (outcome.referralCode) saveReferralCode(outcome.referralCode);
      else if (!outcome.subscribeSettled) markReferralCodePending();
    } catch (error) {
      console.error('Waitlist signup failed:', error);
      setState({ submitting: false, error: SIGNUP_FAILED });
      return;
    }
    saveSessionEmail(email);
    navigate(paths.waitlist);
  }

  return { ...state, submit };
}
