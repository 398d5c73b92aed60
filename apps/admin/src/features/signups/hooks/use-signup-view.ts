import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { FEEDBACK_FIELDS } from '@silk/schema/constants';
import type { FeedbackField } from '@silk/schema/entities';
import {
  answerOptions,
  attributionOptions,
  countryOptions,
  isConfirmedSignup,
  isFilteredView,
  narrowsView,
  parseSignupView,
  prepareSignupSearch,
  SIGNUP_VIEW_PARAM_NAMES,
  signupMatcher,
  signupViewToSearchParams,
  sortSignups,
  type SignupView,
} from '@silk/schema/signup-view';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface SignupViewState {
  /** The view as last set: ahead of the URL, which follows it in a transition. */
  view: SignupView;
  setView: (view: SignupView) => void;
}

/** The current query string with the view's parameters replaced (other parameters are left alone). */
function withView(current: URLSearchParams, view: SignupView): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of SIGNUP_VIEW_PARAM_NAMES) next.delete(name);
  for (const [name, value] of signupViewToSearchParams(view)) next.append(name, value);
  return next;
}

/**
 * The table's view (sort, search, filters), kept in the URL so it can be shared and survives a reload.
 * Each change replaces the history entry (typing does not fill the back button). The view is also held
 * here, because react-router applies URL changes in a transition: an input bound to the URL alone
 * would lag behind fast typing. A URL changed from elsewhere (a link to the tab) is followed.
 */
export function useSignupView(): SignupViewState {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const [view, setViewState] = useState(() => parseSignupView(params));
  // Query strings this hook wrote that the router has not applied yet.
  const written = useRef<string[]>([]);
  const adopted = useRef(query);

  useEffect(() => {
    const index = written.current.indexOf(query);
    if (index >= 0) {
      written.current.splice(0, index + 1);
      adopted.current = query;
      return;
    }
    if (query === adopted.current) return;
    adopted.current = query;
    written.current = [];
    setViewState(parseSignupView(new URLSearchParams(query)));
  }, [query]);

  const setView = useCallback(
    (next: SignupView) => {
      setViewState(next);
      const nextParams = withView(params, next);
      written.current.push(nextParams.toString());
      setParams(nextParams, { replace: true });
    },
    [params, setParams],
  );

  return { view, setView };
}

export interface AnswerOption {
  value: string;
  count: number;
}

export interface ViewRows {
  /** The rows the view leaves, in its order (null while loading). */
  rows: WaitlistSignupRow[] | null;
  /** Confirmed signups among all loaded ones (null while loading). */
  confirmed: number | null;
  /** Each question's answers present in the rows, most frequent first. */
  answers: Record<FeedbackField, AnswerOption[]>;
  countries: AnswerOption[];
  /** The sources and campaigns present ('' for the signups without one), most frequent first. */
  sources: AnswerOption[];
  campaigns: AnswerOption[];
}

const NO_ANSWERS = Object.fromEntries(FEEDBACK_FIELDS.map((field) => [field, []])) as unknown as Record<
  FeedbackField,
  AnswerOption[]
>;

/** Rows prepared for search per task (a few ms each): 100,000 rows are ready within a second or so. */
const SEARCH_SLICE = 2_000;

/**
 * What the view leaves of the live list. Sorted once per (rows, sort), filtered per (sorted rows, view):
 * a keystroke filters the already sorted rows. The view is deferred, so typing never waits for a filter
 * over 100,000 rows; the filter options are worked out from deferred rows, after the table has painted.
 */
export function useViewRows(signups: WaitlistSignupRow[] | null, view: SignupView): ViewRows {
  const deferredView = useDeferredValue(view);
  const optionRows = useDeferredValue(signups, null);
  const { sort } = deferredView;
  const sorted = useMemo(() => (signups ? sortSignups(signups, sort) : null), [signups, sort]);
  const filtered = isFilteredView(deferredView);
  // The last filter's input and result: typing on in the search box filters that result, not every row.
  const lastFilter = useRef<{
    sorted: WaitlistSignupRow[];
    view: SignupView;
    rows: WaitlistSignupRow[];
  } | null>(null);
  const rows = useMemo(() => {
    if (!sorted || !filtered) return sorted;
    const last = lastFilter.current;
    const from = last && last.sorted === sorted && narrowsView(last.view, deferredView) ? last.rows : sorted;
    const result = from.filter(signupMatcher(deferredView));
    lastFilter.current = { sorted, view: deferredView, rows: result };
    return result;
  }, [sorted, filtered, deferredView]);
  const confirmed = useMemo(() => signups?.filter(isConfirmedSignup).length ?? null, [signups]);
  const answers = useMemo(() => (optionRows ? answerOptions(optionRows) : NO_ANSWERS), [optionRows]);
  const countries = useMemo(() => (optionRows ? countryOptions(optionRows) : []), [optionRows]);
  const sources = useMemo(
    () => (optionRows ? attributionOptions(optionRows, 'utmSource') : []),
    [optionRows],
  );
  const campaigns = useMemo(
    () => (optionRows ? attributionOptions(optionRows, 'utmCampaign') : []),
    [optionRows],
  );

  // Prepare the rows' search text in small tasks once they arrive, so the first keystroke finds it ready.
  useEffect(() => {
    if (!signups) return;
    let next = 0;
    let timer: ReturnType<typeof setTimeout>;
    const slice = () => {
      prepareSignupSearch(signups, next, next + SEARCH_SLICE);
      next += SEARCH_SLICE;
      if (next < signups.length) timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [signups]);

  return { rows, confirmed, answers, countries, sources, campaigns };
}
