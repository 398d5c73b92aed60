// The Waitlist Signups tab's view — sort, search and filters — as one value, shared by the admin panel
// (which keeps it in the URL) and the filtered export (which applies it to every page it reads). Pure and
// zod-free, so the panel's bundle stays without zod; the request schema lives in api.ts.
//
// One module per job, in signup-view/: view.ts (the value and its defaults), url.ts (the query
// parameters), time-zone.ts (calendar days in a zone), row.ts (what the view reads of a row, cached per
// row object), filter.ts (which rows it leaves), sort.ts (their order), options.ts (the filters' choices).
export {
  CONFIRMED_FILTERS,
  DEFAULT_SIGNUP_VIEW,
  INVITE_FILTERS,
  REFERRED_FILTERS,
  isSignupColumnKey,
  MAX_VIEW_COUNTRIES,
  MAX_VIEW_TEXT,
  NEWEST_FIRST,
  type ConfirmedFilter,
  type InviteFilter,
  type ReferredFilter,
  type SignupSort,
  type SignupView,
  type SortDirection,
} from './signup-view/view';
export {
  parseSignupView,
  SIGNUP_VIEW_PARAM_NAMES,
  signupViewToSearchParams,
  VIEW_PARAMS,
} from './signup-view/url';
export { dayStart, isDay, isTimeZone } from './signup-view/time-zone';
export {
  answerOf,
  attributionOf,
  confirmedReferralsOf,
  countryOf,
  inviteStatusOf,
  isConfirmedSignup,
  NO_ATTRIBUTION,
  prepareSignupSearch,
  referrerOf,
} from './signup-view/row';
export { isFilteredView, narrowsView, signupMatcher } from './signup-view/filter';
export { nextSort, normalizeSort, signupComparator, sortSignups } from './signup-view/sort';
export { answerOptions, attributionOptions, countryOptions } from './signup-view/options';
