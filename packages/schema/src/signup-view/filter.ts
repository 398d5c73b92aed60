// Which rows the view leaves: its search and filters (its sort aside).
import { FEEDBACK_FIELDS } from '../constants';
import {
  answerOf,
  attributionOf,
  confirmedReferralsOf,
  haystackOf,
  inviteStatusOf,
  isConfirmedSignup,
  referrerOf,
  rowCountry,
  rowTime,
  type Row,
} from './row';
import { dayStart, isTimeZone, nextDay } from './time-zone';
import type { SignupView } from './view';

/** Whether the view leaves rows out (a sort alone does not). */
export function isFilteredView(view: SignupView): boolean {
  return (
    view.search.trim() !== '' ||
    Object.values(view.answers).some(Boolean) ||
    view.from !== null ||
    view.to !== null ||
    view.countries.length > 0 ||
    view.confirmed !== 'all' ||
    view.referred !== 'all' ||
    view.hasReferrals ||
    view.invite !== 'all' ||
    view.source !== null ||
    view.campaign !== null
  );
}

/** A test of one row against the view's search and filters (its sort aside); build once per view. */
export function signupMatcher(view: SignupView): (row: Row) => boolean {
  const needle = view.search.trim().toLowerCase();
  const answers = FEEDBACK_FIELDS.flatMap((field) => {
    const value = view.answers[field];
    return value ? [[field, value] as const] : [];
  });
  const countries = view.countries.length > 0 ? new Set(view.countries) : null;
  const timeZone = isTimeZone(view.timeZone) ? view.timeZone : 'UTC';
  const start = view.from ? dayStart(view.from, timeZone) : null;
  const end = view.to ? dayStart(nextDay(view.to), timeZone) : null;
  const { confirmed, referred, hasReferrals, invite, source, campaign } = view;

  return (row) => {
    if (confirmed !== 'all' && isConfirmedSignup(row) !== (confirmed === 'confirmed')) return false;
    if (referred !== 'all' && (referrerOf(row) !== null) !== (referred === 'referred')) return false;
    if (hasReferrals && confirmedReferralsOf(row) === 0) return false;
    if (invite !== 'all' && inviteStatusOf(row) !== invite) return false;
    if (source !== null && (attributionOf(row, 'utmSource') ?? '') !== source) return false;
    if (campaign !== null && (attributionOf(row, 'utmCampaign') ?? '') !== campaign) return false;
    for (const [field, value] of answers) if (answerOf(row, field) !== value) return false;
    if (start !== null && !(rowTime(row) >= start)) return false;
    if (end !== null && !(rowTime(row) < end)) return false;
    if (countries !== null && !countries.has(rowCountry(row))) return false;
    return needle === '' || haystackOf(row).includes(needle);
  };
}

/**
 * Whether every row `next` leaves is also one `previous` leaves, so that `next` may filter the previous
 * result instead of every row: the same filters, and a search that contains the previous one (typing on).
 */
export function narrowsView(previous: SignupView, next: SignupView): boolean {
  const { search: previousSearch, sort: _previousSort, ...previousFilters } = previous;
  const { search: nextSearch, sort: _nextSort, ...nextFilters } = next;
  return (
    JSON.stringify(previousFilters) === JSON.stringify(nextFilters) &&
    nextSearch.trim().toLowerCase().includes(previousSearch.trim().toLowerCase())
  );
}
