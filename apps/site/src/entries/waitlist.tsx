import '@/styles/site.css';
import { env } from '@/config/env';
import { startVisitorLookupSoon } from '@/lib/visitor-lookup';
import { onFirstInteraction } from '@/islands/first-interaction';
import { visitorReferralCode } from '@/features/referrals/referral-code';

startVisitorLookupSoon(env);
onFirstInteraction(() => void import('./waitlist-islands'));
// A visitor who has just joined sees their referral link as soon as it exists (React loads only for them).
void visitorReferralCode(env).then(async (code) => {
  if (code) (await import('./referral-island')).renderReferralLink(code);
});
