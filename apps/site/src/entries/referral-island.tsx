// /waitlist: the visitor's own referral link with its share list (entries/waitlist.tsx imports this only
// for a visitor who has a code, or once the code asked for arrives). Rendered in the browser: the page
// is prerendered for every visitor, and nothing on it may differ for an address already on the list.
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { ReferralLink } from '@/features/referrals/components/referral-link';

export function renderReferralLink(code: string): void {
  const container = document.querySelector<HTMLElement>('[data-island="referral"]');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <ReferralLink code={code} origin={window.location.origin} />
    </StrictMode>,
  );
}
