// The view in the URL: one query parameter per setting, defaults left out, anything malformed ignored.
import { FEEDBACK_FIELDS } from '../constants';
import { normalizeSort } from './sort';
import { isDay, isTimeZone } from './time-zone';
import {
  DEFAULT_SIGNUP_VIEW,
  INVITE_FILTERS,
  isSignupColumnKey,
  MAX_VIEW_COUNTRIES,
  MAX_VIEW_TEXT,
  type InviteFilter,
  type SignupView,
} from './view';

/** The query parameters of a view: one per setting, one per feedback question, `country` repeated. */
export const VIEW_PARAMS = {
  sort: 'sort',
  direction: 'dir',
  search: 'q',
  from: 'from',
  to: 'to',
  timeZone: 'tz',
  country: 'country',
  confirmed: 'status',
  referred: 'referred',
  hasReferrals: 'referrers',
  invite: 'invite',
  source: 'source',
  campaign: 'campaign',
} as const;

/** Every query parameter a view may use (the panel leaves the others in the URL alone). */
export const SIGNUP_VIEW_PARAM_NAMES: readonly string[] = [...Object.values(VIEW_PARAMS), ...FEEDBACK_FIELDS];

const text = (value: string | null): string | null =>
  value !== null && value.length <= MAX_VIEW_TEXT ? value : null;

/** The view a URL's query describes; anything unknown or malformed is left out (never throws). */
export function parseSignupView(params: URLSearchParams): SignupView {
  const view: SignupView = { ...DEFAULT_SIGNUP_VIEW, answers: {}, countries: [] };
  const sortKey = params.get(VIEW_PARAMS.sort);
  if (isSignupColumnKey(sortKey)) {
    const direction = params.get(VIEW_PARAMS.direction) === 'desc' ? 'desc' : 'asc';
    view.sort = normalizeSort({ key: sortKey, direction });
  }
  view.search = text(params.get(VIEW_PARAMS.search)) ?? '';
  for (const field of FEEDBACK_FIELDS) {
    const answer = text(params.get(field));
    if (answer) view.answers[field] = answer;
  }
  const from = params.get(VIEW_PARAMS.from);
  const to = params.get(VIEW_PARAMS.to);
  if (isDay(from)) view.from = from;
  if (isDay(to)) view.to = to;
  const timeZone = params.get(VIEW_PARAMS.timeZone);
  if (isTimeZone(timeZone)) view.timeZone = timeZone;
  const countries = params.getAll(VIEW_PARAMS.country).filter((country) => country !== '' && text(country));
  view.countries = [...new Set(countries)].slice(0, MAX_VIEW_COUNTRIES);
  const confirmed = params.get(VIEW_PARAMS.confirmed);
  if (confirmed === 'confirmed' || confirmed === 'unconfirmed') view.confirmed = confirmed;
  const referred = params.get(VIEW_PARAMS.referred);
  if (referred === 'referred' || referred === 'not-referred') view.referred = referred;
  view.hasReferrals = params.get(VIEW_PARAMS.hasReferrals) === 'yes';
  const invite = params.get(VIEW_PARAMS.invite);
  if (invite !== 'all' && (INVITE_FILTERS as readonly (string | null)[]).includes(invite))
    view.invite = invite as InviteFilter;
  // Present and empty: the rows without a source (a campaign).
  view.source = text(params.get(VIEW_PARAMS.source));
  view.campaign = text(params.get(VIEW_PARAMS.campaign));
  return view;
}

/** The query parameters of a view; defaults are left out, so the plain table has a plain URL. */
export function signupViewToSearchParams(view: SignupView): URLSearchParams {
  const params = new URLSearchParams();
  const sort = normalizeSort(view.sort);
  if (sort) {
    params.set(VIEW_PARAMS.sort, sort.key);
    params.set(VIEW_PARAMS.direction, sort.direction);
  }
  if (view.search !== '') params.set(VIEW_PARAMS.search, view.search);
  for (const field of FEEDBACK_FIELDS) {
    const answer = view.answers[field];
    if (answer) params.set(field, answer);
  }
  if (view.from) params.set(VIEW_PARAMS.from, view.from);
  if (view.to) params.set(VIEW_PARAMS.to, view.to);
  if ((view.from || view.to) && view.timeZone !== DEFAULT_SIGNUP_VIEW.timeZone) {
    params.set(VIEW_PARAMS.timeZone, view.timeZone);
  }
  for (const country of view.countries) params.append(VIEW_PARAMS.country, country);
  if (view.confirmed !== 'all') params.set(VIEW_PARAMS.confirmed, view.confirmed);
  if (view.referred !== 'all') params.set(VIEW_PARAMS.referred, view.referred);
  if (view.hasReferrals) params.set(VIEW_PARAMS.hasReferrals, 'yes');
  if (view.invite !== 'all') params.set(VIEW_PARAMS.invite, view.invite);
  if (view.source !== null) params.set(VIEW_PARAMS.source, view.source);
  if (view.campaign !== null) params.set(VIEW_PARAMS.campaign, view.campaign);
  return params;
}
