// /waitlist: the visitor's own referral link with its share list, from /api/subscribe's answer kept in the
// session (entries/waitlist.tsx imports this only when there is one). Rendered in the browser: the page
// is prerendered for every visitor, and nothing on it may differ for an address already on the list.
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { ReferralLink } from '@/features/referrals/components/referral-link';
import { readReferralCode } from '@/lib/referral-session';

const container = document.querySelector<HTMLElement>('[data-island="referral"]');
const code = readReferralCode();
if (container && code) {
  createRoot(container).render(
    <StrictMode>
      <ReferralLink code={code} origin={window.location.origin} />
    </StrictMode>,
  );
}
