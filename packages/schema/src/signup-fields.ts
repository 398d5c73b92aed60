// The one registry of a waitlist signup's fields: for each, who writes it, what the rules allow, its
// column in the admin table and the spreadsheet, and — for a feedback answer — its question and how
// Insights charts it. The table's columns, the spreadsheet, the feedback form's fields, the export's
// projection, the seed data, Insights, the record types and the field lists of firestore.rules
// (`signup-rules.ts` writes them; a test fails when the file is stale) all derive from it.
// Pure and zod-free: the admin panel and constants.ts use it.

/** Limits on stored text (the rules enforce them on visitor writes). */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_SHORT_TEXT_LENGTH = 200;
export const MAX_LONG_TEXT_LENGTH = 2000;

/** The one `source` a visitor's signup may carry. */
export const SIGNUP_SOURCE = 'Homepage Hero';

/** The keys of a visitor's location, each 'N/A' when unknown. */
export const LOCATION_KEYS = ['city', 'region', 'country', 'country_code', 'latitude', 'longitude'] as const;

/** Location as written by the visitor's browser; each value 'N/A' when unknown. */
export interface VisitorLocation {
  city: string;
  region: string;
  country: string;
  country_code: string;
  latitude: number | string;
  longitude: number | string;
}

// Where a signup came from: the campaign's five UTM parameters, the referring site's host and the
// landing page's path, written once with the signup by the visitor's browser (and `/api/join` for a form
// post). Their limits and characters are declared here; the rules, the server's parser and the site's
// capture (@silk/schema/attribution) derive theirs from them.

/** The URL query parameters read, in order, and the signup field each is stored in. */
export const UTM_PARAMETERS = [
  { param: 'utm_source', key: 'utmSource' },
  { param: 'utm_medium', key: 'utmMedium' },
  { param: 'utm_campaign', key: 'utmCampaign' },
  { param: 'utm_term', key: 'utmTerm' },
  { param: 'utm_content', key: 'utmContent' },
] as const;

export const MAX_UTM_LENGTH = 100;
export const MAX_REFERRER_HOST_LENGTH = 253;
export const MAX_LANDING_PATH_LENGTH = 200;

/**
 * A UTM value as stored: letters, digits, spaces and `. _ ~ + - : @ / | ( )`, 1–100 characters (a value
 * with anything else is dropped, not cleaned: it is not the campaign's tag).
 */
export const UTM_VALUE_PATTERN = '^[A-Za-z0-9 ._~+:@/|()-]{1,100}$';
/** A host name, lower case, without port (the referring site). */
export const REFERRER_HOST_PATTERN = '^[a-z0-9]([a-z0-9-]*[a-z0-9])?([.][a-z0-9]([a-z0-9-]*[a-z0-9])?)*$';
/** A path without query or fragment, starting with `/`. */
export const LANDING_PATH_PATTERN = '^/[A-Za-z0-9._~!$&()*+,;=:@%/-]{0,199}$';

export const ATTRIBUTION_SIGNUP_FIELDS = [
  ...UTM_PARAMETERS.map(({ key }) => ({
    key,
    writtenBy: ['join'] as const,
    check: 'pattern' as const,
    maxLength: MAX_UTM_LENGTH,
    pattern: UTM_VALUE_PATTERN,
    firstWriteOnly: true as const,
    viewed: true as const,
  })),
  {
    key: 'referrerHost',
    writtenBy: ['join'],
    check: 'pattern',
    maxLength: MAX_REFERRER_HOST_LENGTH,
    pattern: REFERRER_HOST_PATTERN,
    firstWriteOnly: true,
    viewed: true,
  },
  {
    key: 'landingPath',
    writtenBy: ['join'],
    check: 'pattern',
    maxLength: MAX_LANDING_PATH_LENGTH,
    pattern: LANDING_PATH_PATTERN,
    firstWriteOnly: true,
    viewed: true,
  },
] as const;

export type UtmField = (typeof UTM_PARAMETERS)[number]['key'];
export type AttributionField = (typeof ATTRIBUTION_SIGNUP_FIELDS)[number]['key'];
/** A signup's attribution: only the fields known and valid are present. */
export type Attribution = Partial<Record<AttributionField, string>>;

/**
 * Who writes a field: the visitor's browser when joining (and `/api/join` on its behalf), the visitor's
 * feedback form, or server code only (the rules refuse it from a browser).
 */
export type SignupFieldWriter = 'join' | 'feedback' | 'server';

/**
 * What the rules check of a visitor-written value:
 * `id` the signup's e-mail (the document id, lower case, an address); `text` a string within
 * `maxLength`; `location` a VisitorLocation; `requestTime` the write's own time (on every write);
 * `oneOf` one of `values`; `editKeyHash` the SHA-256 of the session's edit key (bound on create, changed
 * only by naming the stored key: the rules' editKeyHashWrite); `pattern` a string within `maxLength` matching `pattern` whole.
 */
export type SignupFieldCheck =
  'id' | 'text' | 'pattern' | 'location' | 'requestTime' | 'oneOf' | 'editKeyHash';

/**
 * How Insights counts a question's answers: `single` by value, `multiple` by each value of a
 * comma-joined list (a checklist), `domain` by the e-mail's domain, `presence` as answered or not.
 */
export type AnswerKind = 'single' | 'multiple' | 'domain' | 'presence';

/** How the feedback form asks a question (its words live in the site's content). */
export type QuestionInput = 'select' | 'text' | 'email' | 'radio' | 'checkbox' | 'textarea';

export interface SignupFieldSpec {
  key: string;
  writtenBy: readonly SignupFieldWriter[];
  /** Visitor-written fields only: what the rules check. */
  check?: SignupFieldCheck;
  /** Longest text a visitor may write (`check: 'text'` or `'id'`). */
  maxLength?: number;
  /** The characters a visitor may write (`check: 'pattern'`): a regular expression the whole value matches. */
  pattern?: string;
  /**
   * Written only by the write that creates the signup (the rules refuse it in an update): a repeat
   * signup keeps the first visit's attribution.
   */
  firstWriteOnly?: boolean;
  /** The values a visitor may write (`check: 'oneOf'`). */
  values?: readonly string[];
  /** A column of the admin table and the spreadsheet (their order: SIGNUP_COLUMN_ORDER). */
  column?: {
    header: string;
    /** The admin table's width, in pixels. */
    width: number;
    /** The spreadsheet's width, in characters (20 when left out). */
    sheetWidth?: number;
  };
  /** A feedback answer: how the form asks it, its choices (stored as given), how Insights charts it. */
  question?: {
    input: QuestionInput;
    choices?: readonly string[];
    chart: AnswerKind;
    /** The input's autocomplete hint. */
    autoComplete?: string;
  };
  /** Read by the signups view and the filtered export besides the columns (e.g. the confirmed filter). */
  viewed?: boolean;
}

/**
 * The feedback answers, in the form's order: each one's longest text, its column, and its question (how
 * the form asks it, its choices, how Insights charts it).
 */
const FEEDBACK_ANSWERS = [
  {
    key: 'travelFrequency',
    maxLength: MAX_SHORT_TEXT_LENGTH,
    column: { header: 'Travel Frequency', width: 160 },
    question: {
      input: 'select',
      choices: ['Once a year or less', '2–3 times a year', '4–6 times a year', 'Monthly or more'],
      chart: 'single',
    },
  },
  {
    key: 'biggestFrustration',
    maxLength: MAX_LONG_TEXT_LENGTH,
    column: { header: 'Biggest Frustration', width: 260, sheetWidth: 40 },
    question: { input: 'text', chart: 'single' },
  },
  {
    key: 'workEmail',
    maxLength: MAX_EMAIL_LENGTH,
    column: { header: 'Work Email', width: 220, sheetWidth: 28 },
    question: { input: 'email', autoComplete: 'work email', chart: 'domain' },
  },
  {
    key: 'contentCreator',
    maxLength: MAX_SHORT_TEXT_LENGTH,
    column: { header: 'Content Creator', width: 140 },
    question: { input: 'radio', choices: ['Yes', 'No', 'Sometimes'], chart: 'single' },
  },
  {
    key: 'excitedFeatures',
    maxLength: MAX_LONG_TEXT_LENGTH,
    column: { header: 'Excited Features', width: 240, sheetWidth: 36 },
    question: {
      input: 'checkbox',
      choices: [
        'Instant planning',
        'Autonomous booking',
        'AI price hunting',
        'Self-healing itinerary',
        'Photo & video capture',
        'AR/VR previews',
      ],
      chart: 'multiple',
    },
  },
  {
    key: 'suggestionsFeedback',
    maxLength: MAX_LONG_TEXT_LENGTH,
    column: { header: 'Suggestions/Feedback', width: 260, sheetWidth: 40 },
    question: { input: 'textarea', chart: 'single' },
  },
  {
    key: 'socialMedia',
    maxLength: MAX_SHORT_TEXT_LENGTH,
    column: { header: 'Social Media', width: 160 },
    question: { input: 'text', chart: 'presence' },
  },
] as const;

/**
 * Every field of waitlist_signups/{email}: what the visitor writes when joining (with the session's edit
 * key), then the feedback answers in the form's order, the previous edit key, then the fields only server
 * code writes.
 */
export const SIGNUP_FIELDS = [
  {
    key: 'email',
    writtenBy: ['join', 'feedback'],
    check: 'id',
    maxLength: MAX_EMAIL_LENGTH,
    column: { header: 'Email', width: 260, sheetWidth: 32 },
  },
  { key: 'source', writtenBy: ['join'], check: 'oneOf', values: [SIGNUP_SOURCE] },
  {
    key: 'ip',
    writtenBy: ['join', 'feedback'],
    check: 'text',
    maxLength: MAX_SHORT_TEXT_LENGTH,
    column: { header: 'IP Address', width: 140, sheetWidth: 16 },
  },
  {
    key: 'location',
    writtenBy: ['join', 'feedback'],
    check: 'location',
    column: { header: 'Approximate Location', width: 240, sheetWidth: 40 },
  },
  {
    key: 'timestamp',
    writtenBy: ['join', 'feedback'],
    check: 'requestTime',
    column: { header: 'Signup Date', width: 200, sheetWidth: 22 },
  },
  /** The last write's server time (every writer sets it): the admin panel's changes feed. */
  { key: 'updatedAt', writtenBy: ['join', 'feedback', 'server'], check: 'requestTime' },
  /**
   * The SHA-256 of the edit key of the browser session that created the signup (@silk/schema/edit-key),
   * bound by that first write and new on each of its feedback writes (docs/decisions.md, feedback
   * answers); the key itself stays in the session.
   */
  { key: 'editKeyHash', writtenBy: ['join', 'feedback'], check: 'editKeyHash' },
  /** Where the visit came from: the campaign's UTM parameters, the referring host, the landing path. */
  ...ATTRIBUTION_SIGNUP_FIELDS,
  /** The feedback answers (FEEDBACK_ANSWERS): texts the visitor writes on the feedback form. */
  ...FEEDBACK_ANSWERS.map((answer) => ({
    ...answer,
    writtenBy: ['feedback'] as const,
    check: 'text' as const,
  })),
  /**
   * The edit key the session holds (whose hash is stored): proves the answers are this session's to
   * change. Spent by the same write, which stores a new key's hash.
   */
  { key: 'prevEditKey', writtenBy: ['feedback'], check: 'text', maxLength: MAX_SHORT_TEXT_LENGTH },
  /** Recorded by server code from an outside source; shown and searched like an answer, not asked. */
  { key: 'aiTool', writtenBy: ['server'], column: { header: 'AI Tool', width: 120 } },
  { key: 'botCheck', writtenBy: ['server'] },
  /** When the address was confirmed through the e-mail's "Confirm my spot" link. */
  { key: 'confirmedAt', writtenBy: ['server'], viewed: true },
  /** What the person agreed to, when, and on which form. */
  { key: 'consent', writtenBy: ['server'] },
  /** The id the e-mail links name instead of the address. */
  { key: 'subscriberId', writtenBy: ['server'] },
  /** The subscriber's own referral code (referral_codes/{code} names the address back, server side). */
  { key: 'referralCode', writtenBy: ['server'] },
  /** The address of the subscriber whose link brought this signup. */
  { key: 'referredBy', writtenBy: ['server'], viewed: true },
  /** How many people this subscriber referred who confirmed and were credited. */
  { key: 'confirmedReferrals', writtenBy: ['server'], viewed: true },
  /** Where the signup stands with invitations (InviteStatus; absent: waiting). */
  { key: 'inviteStatus', writtenBy: ['server'], viewed: true },
  /** The wave that invited it last, and when (milliseconds). */
  { key: 'inviteWave', writtenBy: ['server'], viewed: true },
  { key: 'invitedAt', writtenBy: ['server'], viewed: true },
  /** When the invitation was redeemed (milliseconds). */
  { key: 'joinedAt', writtenBy: ['server'], viewed: true },
  /** The CSV import that brought the signup in (imports/{id}); absent for a signup made on the site. */
  { key: 'importId', writtenBy: ['server'], viewed: true },
  /** Why mail to the address is suppressed (SuppressionReason), and since when (milliseconds). */
  { key: 'suppressedReason', writtenBy: ['server'], viewed: true },
  { key: 'suppressedAt', writtenBy: ['server'], viewed: true },
] as const satisfies readonly SignupFieldSpec[];

export type SignupField = (typeof SIGNUP_FIELDS)[number];
export type SignupFieldKey = SignupField['key'];

/** The admin table's 12 columns (and the spreadsheet's), in the order docs/PRODUCT.md gives. */
export const SIGNUP_COLUMN_ORDER = [
  'email',
  'workEmail',
  'travelFrequency',
  'biggestFrustration',
  'contentCreator',
  'aiTool',
  'excitedFeatures',
  'suggestionsFeedback',
  'socialMedia',
  'ip',
  'location',
  'timestamp',
] as const satisfies readonly Extract<SignupField, { column: object }>['key'][];

export type SignupColumnKey = (typeof SIGNUP_COLUMN_ORDER)[number];
export type FeedbackField = Extract<SignupField, { question: object }>['key'];
export type FeedbackFields = Record<FeedbackField, string>;
/** The feedback answers given by ticking several choices (stored comma-joined). */
export type ChecklistField = Extract<SignupField, { question: { input: 'checkbox' } }>['key'];
/** The keys of the fields `writer` writes. */
export type FieldWrittenBy<W extends SignupFieldWriter> = SignupField extends infer F
  ? F extends { key: infer K; writtenBy: readonly (infer By)[] }
    ? W extends By
      ? K
      : never
    : never
  : never;

const isFeedbackAnswer = (field: SignupFieldSpec): boolean => field.question !== undefined;

// The values derived at load are computed in functions marked pure: a bundle that imports this module
// and uses none of them (constants.ts re-exports a few scalars) leaves the whole module out.

/** The feedback answers in the form's order (the registry's), as a tuple. */
export const FEEDBACK_FIELDS = /* @__PURE__ */ (() =>
  SIGNUP_FIELDS.filter(isFeedbackAnswer).map((field) => field.key))() as unknown as readonly [
  FeedbackField,
  ...FeedbackField[],
];

/** One field's registry entry. */
export function signupField(key: SignupFieldKey): SignupFieldSpec {
  const field = SIGNUP_FIELDS.find((candidate) => candidate.key === key);
  if (!field) throw new Error(`no signup field ${key}`);
  return field;
}

/** A feedback answer's question: how the form asks it, its choices, how Insights charts it. */
export function feedbackQuestion(key: FeedbackField): NonNullable<SignupFieldSpec['question']> {
  const { question } = signupField(key);
  if (!question) throw new Error(`signup field ${key} is not a question`);
  return question;
}

export interface SignupColumnSpec {
  key: SignupColumnKey;
  header: string;
  /** The admin table's width, in pixels. */
  width: number;
  /** The spreadsheet's width, in characters. */
  sheetWidth: number;
}

/** The spreadsheet width of a column that names none. */
export const DEFAULT_SHEET_WIDTH = 20;

/** The columns in order, with their headers and widths. */
export const SIGNUP_COLUMN_SPECS: readonly SignupColumnSpec[] = /* @__PURE__ */ (() =>
  SIGNUP_COLUMN_ORDER.map((key) => {
    const { column } = signupField(key);
    if (!column) throw new Error(`signup field ${key} has no column`);
    return {
      key,
      header: column.header,
      width: column.width,
      sheetWidth: column.sheetWidth ?? DEFAULT_SHEET_WIDTH,
    };
  }))();

/** What the signups view and the export read of a signup: every column, and the fields marked `viewed`. */
export const SIGNUP_VIEW_FIELDS: readonly SignupFieldKey[] = /* @__PURE__ */ (() => [
  ...SIGNUP_COLUMN_ORDER,
  ...SIGNUP_FIELDS.filter((field: SignupFieldSpec) => field.viewed === true).map((field) => field.key),
])();

/** The fields a writer may set, in registry order. */
export function fieldsWrittenBy(
  writer: SignupFieldWriter,
  fields: readonly SignupFieldSpec[] = SIGNUP_FIELDS,
): SignupFieldSpec[] {
  return fields.filter((field) => field.writtenBy.includes(writer));
}
