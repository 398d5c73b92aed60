// The visit this browser session arrived with — the landing URL (its UTM parameters) and the page that
// linked to it — kept in sessionStorage when the visitor arrives, so that a signup later in the same
// visit still carries it (@silk/data-access/waitlist derives the attribution). The first arrival of a
// session is kept: moving between the site's own pages does not replace it. Storage that is unavailable
// (private modes) keeps nothing.
import type { Visit } from '@silk/data-access/waitlist';
import { SESSION_VISIT_KEY } from '@silk/schema/constants';

/** Keeps this page's URL and referrer as the session's visit, unless the session has one already. */
export function rememberVisit(): void {
  try {
    if (window.sessionStorage.getItem(SESSION_VISIT_KEY) !== null) return;
    const visit: Visit = { url: window.location.href, referrer: document.referrer };
    window.sessionStorage.setItem(SESSION_VISIT_KEY, JSON.stringify(visit));
  } catch {
    // Nothing kept: the signup goes without attribution.
  }
}

/** The session's visit, or null. */
export function readVisit(): Visit | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(SESSION_VISIT_KEY) ?? 'null') as unknown;
    if (!value || typeof value !== 'object') return null;
    const { url, referrer } = value as Record<string, unknown>;
    return typeof url === 'string' ? { url, referrer: typeof referrer === 'string' ? referrer : '' } : null;
  } catch {
    return null;
  }
}
