// The visitor's own referral code for /waitlist: the one the landing page kept, or — when the landing
// page left before /api/subscribe answered — the answer of the same call made again from here (a repeat
// for a subscribed address changes nothing), however long it takes.
import type { ClientConfig } from '@silk/data-access/config';
import {
  readReferralCode,
  readReferredBy,
  saveReferralCode,
  takeReferralCodePending,
} from '@/lib/referral-session';
import { readSessionEmail } from '@/lib/session-email';
import { loadWaitlistModule } from '@/lib/waitlist-module';

export async function visitorReferralCode(config: ClientConfig): Promise<string | null> {
  const kept = readReferralCode();
  if (kept) return kept;
  const email = readSessionEmail();
  if (!takeReferralCodePending() || !email) return null;
  const { subscribeForReferralCode } = await loadWaitlistModule();
  const code = await subscribeForReferralCode(config, email, readReferredBy());
  if (code) saveReferralCode(code);
  return code;
}
