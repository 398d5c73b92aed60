// What the widget sends with a signup from the host page, as the site does on its own pages: the
// referral code of the link the visitor came through (`?ref=` of the host page, kept in the host's
// session storage so a later page of the same visit still carries it) and the visit's attribution (UTM
// parameters, referring host, landing path) of the session's first page that loaded the widget.
import { visitAttribution } from '@silk/schema/attribution';
import { SESSION_REFERRED_BY_KEY, SESSION_VISIT_KEY } from '@silk/schema/constants';
import { parseReferralCode, REFERRAL_PARAM } from '@silk/schema/referrals';
import type { Attribution } from '@silk/schema/signup-fields';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return session()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function keep(key: string, value: string): void {
  try {
    session()?.setItem(key, value);
  } catch {
    // Storage refused (private modes): this page's own values are still sent.
  }
}

/** The referral code of this visit: the page's `?ref=`, else the one kept earlier in the session. */
export function visitReferralCode(): string | null {
  const code = parseReferralCode(new URLSearchParams(location.search).get(REFERRAL_PARAM));
  if (code) {
    keep(SESSION_REFERRED_BY_KEY, code);
    return code;
  }
  return parseReferralCode(read(SESSION_REFERRED_BY_KEY));
}

/** The session's kept visit (its landing URL and referrer), or null. */
function keptVisit(): { url: string; referrer: string } | null {
  try {
    const visit = JSON.parse(read(SESSION_VISIT_KEY) ?? 'null') as Record<string, unknown> | null;
    if (!visit || typeof visit.url !== 'string') return null;
    return { url: visit.url, referrer: typeof visit.referrer === 'string' ? visit.referrer : '' };
  } catch {
    return null;
  }
}

/** The attribution of the session's first page with the widget (kept), else of this page. */
export function visitAttributionOfSession(): Attribution {
  let visit = keptVisit();
  if (!visit) {
    visit = { url: location.href, referrer: document.referrer };
    keep(SESSION_VISIT_KEY, JSON.stringify(visit));
  }
  return visitAttribution(visit.url, visit.referrer);
}
