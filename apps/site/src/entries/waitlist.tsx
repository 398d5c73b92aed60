import '@/styles/site.css';
import { env } from '@/config/env';
import { startVisitorLookupSoon } from '@/lib/visitor-lookup';
import { onFirstInteraction } from '@/islands/first-interaction';
import { readReferralCode } from '@/lib/referral-session';

startVisitorLookupSoon(env);
onFirstInteraction(() => void import('./waitlist-islands'));
// A visitor who has just joined sees their referral link at once (React loads only for them).
if (readReferralCode()) void import('./referral-island');
