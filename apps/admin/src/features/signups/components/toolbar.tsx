import { FEEDBACK_FIELDS } from '@silk/schema/constants';
import type { FeedbackField } from '@silk/schema/entities';
import { SIGNUP_COLUMNS } from '@silk/schema/formatters';
import {
  DEFAULT_SIGNUP_VIEW,
  isFilteredView,
  NO_ATTRIBUTION,
  type ConfirmedFilter,
  type InviteFilter,
  type ReferredFilter,
  type SignupView,
} from '@silk/schema/signup-view';
import { Button } from '@silk/ui/button';
import { Spinner } from '@silk/ui/spinner';
import { cloneElement, useId, useRef, type ReactElement, type ReactNode } from 'react';
import type { AnswerOption } from '@/features/signups/hooks/use-signup-view';
import {
  attributionOptionValue,
  chosenAttribution,
  NO_ATTRIBUTION_OPTION,
  selectedAttribution,
} from '@/lib/attribution-choice';

/** Which signups the table shows by confirmation: all, or by whether the address was confirmed by its e-mail link. */
const CONFIRMED_OPTIONS: ReadonlyArray<{ value: ConfirmedFilter; label: string }> = [
  { value: 'all', label: 'All signups' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'unconfirmed', label: 'Unconfirmed' },
];

/** Which signups the table shows by referral: all, those a referral link brought, or the others. */
const REFERRED_OPTIONS: ReadonlyArray<{ value: ReferredFilter; label: string }> = [
  { value: 'all', label: 'Referred or not' },
  { value: 'referred', label: 'Referred' },
  { value: 'not-referred', label: 'Not referred' },
];

/** Which signups the table shows by invite status (none recorded: waiting). */
const INVITE_OPTIONS: ReadonlyArray<{ value: InviteFilter; label: string }> = [
  { value: 'all', label: 'Any invite status' },
  { value: 'waiting', label: 'Waiting' },
  { value: 'invited', label: 'Invited' },
  { value: 'joined', label: 'Joined' },
  { value: 'expired', label: 'Expired' },
  { value: 'declined', label: 'Declined' },
];

/** Which signups the table shows by their confirmed referrals: all, or those with at least one. */
const HAS_REFERRALS_OPTIONS: ReadonlyArray<{ value: '' | 'yes'; label: string }> = [
  { value: '', label: 'Any signup' },
  { value: 'yes', label: 'With confirmed referrals' },
];

/** A select lists at most this many answers of a question (the most frequent; search finds the rest). */
export const MAX_ANSWER_OPTIONS = 100;
/** Longer answers are cut in the list (the option still filters by the whole answer). */
const OPTION_LABEL_CHARS = 60;
/** The value of the option standing for several countries at once (a shared link may name several). */
const SEVERAL = '\u0000several';

const HEADERS = new Map(SIGNUP_COLUMNS.map((column) => [column.key as string, column.header]));

interface ToolbarProps {
  /** Total number of signups, or null while unknown. */
  total: number | null;
  /** How many of them are confirmed, or null while loading. */
  confirmed: number | null;
  /** Rows the view leaves, or null while loading. */
  shown: number | null;
  view: SignupView;
  onViewChange: (view: SignupView) => void;
  /** Each question's answers present in the rows. */
  answers: Record<FeedbackField, AnswerOption[]>;
  countries: AnswerOption[];
  /** The sources and campaigns present ('' for the signups without one). */
  sources: AnswerOption[];
  campaigns: AnswerOption[];
  downloading: boolean;
  /** An Admin's deletion of a signup is under way. */
  deleting: boolean;
  onDownload: () => void;
  onDownloadFiltered: () => void;
  /** An Admin's "Invite this view" (absent for everyone else). */
  onInviteView?: () => void;
}

const count = (value: number) => value.toLocaleString('en-US');

function optionLabel({ value, count: times }: AnswerOption): string {
  const text =
    value === NO_ATTRIBUTION_OPTION
      ? NO_ATTRIBUTION
      : value.length > OPTION_LABEL_CHARS
        ? `${value.slice(0, OPTION_LABEL_CHARS - 1)}…`
        : value;
  return `${text} (${count(times)})`;
}

/** The options of one filter: "any" first, the listed values, and the chosen one even when no row has it. */
function filterOptions(anyLabel: string, options: AnswerOption[], chosen: string | undefined): ReactNode[] {
  const listed = options.slice(0, MAX_ANSWER_OPTIONS);
  const elements = [
    <option key="" value="">
      {anyLabel}
    </option>,
  ];
  if (chosen && !listed.some((option) => option.value === chosen)) {
    const known = options.find((option) => option.value === chosen);
    listed.unshift(known ?? { value: chosen, count: 0 });
  }
  for (const option of listed) {
    elements.push(
      <option key={option.value} value={option.value}>
        {optionLabel(option)}
      </option>,
    );
  }
  return elements;
}

/** A filter's label above its control (which Field gives the id the label names). */
function Field({ label, children }: { label: string; children: ReactElement<{ id?: string }> }) {
  const id = useId();
  return (
    <div className="signup-filters__field">
      <label className="signup-filters__label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, { id })}
    </div>
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Its options. */
  children: ReactNode;
}

/** A labelled select of the filters. */
function SelectField({ label, value, onChange, children }: SelectFieldProps) {
  return (
    <Field label={label}>
      <select className="toolbar__select" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </Field>
  );
}

interface ChoiceFilterProps<T extends string> {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
}

/** A filter with a fixed list of choices. */
function ChoiceFilter<T extends string>({ label, options, value, onChange }: ChoiceFilterProps<T>) {
  return (
    <SelectField label={label} value={value} onChange={(chosen) => onChange(chosen as T)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}

/** One of the counts above the table, announced as it changes; empty while it is unknown. */
function CountLine({ children }: { children: ReactNode }) {
  return (
    <p className="toolbar__count" aria-live="polite">
      {children}
    </p>
  );
}

interface AttributionFilterProps {
  label: string;
  options: AnswerOption[];
  /** null: any; '': the signups without one. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/**
 * A filter by one attribution value (source, campaign): "Any source" (campaign) first, "(none)" for the
 * signups without one.
 */
function AttributionFilter({ label, options, value, onChange }: AttributionFilterProps) {
  const chosen = value === null ? undefined : selectedAttribution(value);
  return (
    <SelectField
      label={label}
      value={selectedAttribution(value)}
      onChange={(selected) => onChange(chosenAttribution(selected))}
    >
      {filterOptions(
        `Any ${label.toLowerCase()}`,
        options.map((option) => ({ ...option, value: attributionOptionValue(option.value) })),
        chosen,
      )}
    </SelectField>
  );
}

interface DayFieldProps {
  label: string;
  value: string | null;
  min?: string | null;
  max?: string | null;
  onChange: (day: string) => void;
}

/** A date input (YYYY-MM-DD) bounding the signup dates shown. */
function DayField({ label, value, min, max, onChange }: DayFieldProps) {
  return (
    <Field label={label}>
      <input
        type="date"
        className="signup-filters__input"
        value={value ?? ''}
        min={min ?? undefined}
        max={max ?? undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/**
 * Above the table: the counts, the search, the filters (each question's answers, signup dates,
 * country, confirmation, referral, invitation, source, campaign), "Clear filters", the two downloads with their progress,
 * and an Admin's "Invite this view".
 */
export function Toolbar(props: ToolbarProps) {
  const { total, confirmed, shown, view, onViewChange, answers, countries, downloading, deleting } = props;
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const filtered = isFilteredView(view);
  const change = (part: Partial<SignupView>) => onViewChange({ ...view, ...part });
  /** The value and the setter of one of the filters held in a single field of the view. */
  const filterOn = <Key extends 'confirmed' | 'referred' | 'invite' | 'source' | 'campaign'>(key: Key) => ({
    value: view[key],
    onChange: (value: SignupView[Key]) => change({ [key]: value }),
  });
  const setAnswer = (field: FeedbackField, value: string) => {
    const next = { ...view.answers };
    if (value === '') delete next[field];
    else next[field] = value;
    change({ answers: next });
  };
  const setDay = (end: 'from' | 'to', value: string) => {
    // The days are the viewer's, as the table shows its dates in the viewer's time zone.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_SIGNUP_VIEW.timeZone;
    change({ [end]: value === '' ? null : value, timeZone });
  };
  const countryValue = view.countries.length > 1 ? SEVERAL : (view.countries[0] ?? '');

  return (
    <div className="toolbar">
      <div className="toolbar__counts">
        <CountLine>
          {total === null ? null : (
            <>
              Total signups: <strong>{count(total)}</strong>
            </>
          )}
        </CountLine>
        <CountLine>
          {confirmed === null ? null : (
            <>
              Confirmed: <strong>{count(confirmed)}</strong>
            </>
          )}
        </CountLine>
        <CountLine>
          {filtered && shown !== null && total !== null ? (
            <>
              Showing: <strong>{count(shown)}</strong> of <strong>{count(total)}</strong>
            </>
          ) : null}
        </CountLine>
      </div>
      <div className="toolbar__actions">
        <span role="status" className="toolbar__progress">
          {downloading || deleting ? (
            <>
              <Spinner /> {downloading ? 'Preparing spreadsheet...' : 'Deleting signup...'}
            </>
          ) : null}
        </span>
        <Button type="button" onClick={props.onDownload} disabled={downloading} aria-busy={downloading}>
          Download spreadsheet
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={props.onDownloadFiltered}
          disabled={downloading || !filtered}
          aria-busy={downloading}
        >
          Download filtered view
        </Button>
        {props.onInviteView ? (
          <Button type="button" variant="secondary" onClick={props.onInviteView} disabled={!filtered}>
            Invite this view
          </Button>
        ) : null}
      </div>
      <div role="search" className="signup-filters" aria-label="Find signups">
        <div className="signup-filters__field signup-filters__field--search">
          <label className="signup-filters__label" htmlFor={searchId}>
            Search signups
          </label>
          <input
            id={searchId}
            ref={searchRef}
            type="search"
            className="signup-filters__input"
            placeholder="E-mail, location or answer"
            value={view.search}
            onChange={(event) => change({ search: event.target.value })}
          />
        </div>
        {FEEDBACK_FIELDS.map((field) => (
          <SelectField
            key={field}
            label={HEADERS.get(field) ?? field}
            value={view.answers[field] ?? ''}
            onChange={(answer) => setAnswer(field, answer)}
          >
            {filterOptions('Any answer', answers[field], view.answers[field])}
          </SelectField>
        ))}
        <DayField
          label="Signed up from"
          value={view.from}
          max={view.to}
          onChange={(day) => setDay('from', day)}
        />
        <DayField
          label="Signed up to"
          value={view.to}
          min={view.from}
          onChange={(day) => setDay('to', day)}
        />
        <SelectField
          label="Country"
          value={countryValue}
          onChange={(country) => {
            if (country !== SEVERAL) change({ countries: country ? [country] : [] });
          }}
        >
          {view.countries.length > 1 ? <option value={SEVERAL}>{view.countries.join(', ')}</option> : null}
          {filterOptions(
            'Any country',
            countries,
            view.countries.length === 1 ? view.countries[0] : undefined,
          )}
        </SelectField>
        <ChoiceFilter label="Show" options={CONFIRMED_OPTIONS} {...filterOn('confirmed')} />
        <ChoiceFilter label="Referral" options={REFERRED_OPTIONS} {...filterOn('referred')} />
        <ChoiceFilter
          label="Referrers"
          options={HAS_REFERRALS_OPTIONS}
          value={view.hasReferrals ? 'yes' : ''}
          onChange={(choice) => change({ hasReferrals: choice === 'yes' })}
        />
        <ChoiceFilter label="Invitation" options={INVITE_OPTIONS} {...filterOn('invite')} />
        <AttributionFilter label="Source" options={props.sources} {...filterOn('source')} />
        <AttributionFilter label="Campaign" options={props.campaigns} {...filterOn('campaign')} />
        {filtered ? (
          <Button
            type="button"
            variant="secondary"
            className="signup-filters__clear"
            onClick={() => {
              onViewChange({ ...DEFAULT_SIGNUP_VIEW, sort: view.sort });
              // The button goes away with the filters: focus goes on to the search, where finding starts again.
              searchRef.current?.focus();
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
