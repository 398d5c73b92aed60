// Business constants (PRODUCT.md#constants) and collection names (PRODUCT.md#data). Every app and function reads them from here.

export const PRODUCT_NAME = 'Silk';
export const MARKETING_TITLE = 'Silk — Your AI Travel Planner';
export const WAITLIST_PAGE_TITLE = 'Waitlist Confirmation';
export const ADMIN_PAGE_TITLE = 'Admin Panel';

export const COLLECTIONS = {
  waitlistSignups: 'waitlist_signups',
  staff: 'staff',
  usernameMappings: 'username_mappings',
  subscribers: 'subscribers',
  auditLog: 'audit_log',
  rateLimits: 'rate_limits',
  /** settings/{name}: server-written settings, e.g. settings/ranking (RANKING_SETTINGS_DOC). */
  settings: 'settings',
  mail: 'mail',
  mailWaiting: 'mail_waiting',
  signupDeletions: 'signup_deletions',
  signupCounts: 'signup_counts',
  recentSignups: 'signup_recent',
  securityLog: 'security_log',
  securityLogCounts: 'security_log_counts',
  referralCodes: 'referral_codes',
  referrals: 'referrals',
  /**
   * referral_credits/{keyed hash of referrer and referred mailboxes}: each credit given, for good (its time,
   * the referrer's hashed mailbox, the referred signup's hashed network; never an address).
   */
  referralCredits: 'referral_credits',
  /** erased_mailboxes/{keyed hash of the mailbox}: mailboxes erased on request (no import brings them back). */
  erasedMailboxes: 'erased_mailboxes',
  /** invite_waves/{waveId}: InviteWave (@silk/schema/invites). */
  inviteWaves: 'invite_waves',
  /** invitations/{sha256 of the code}: one invitation, bound to its address. */
  invitations: 'invitations',
  /** invite_history/{id}: each change of a signup's invite status (who, when, which wave). */
  inviteHistory: 'invite_history',
  /** webhooks/{id}: an outgoing webhook endpoint (its URL, events and signing secret). */
  webhooks: 'webhooks',
  /** webhook_events/{id}: each event once (its id is the deliveries' `webhook-id`). */
  webhookEvents: 'webhook_events',
  /** webhook_deliveries/{eventId_endpointId}: one event for one endpoint, its attempts and answers. */
  webhookDeliveries: 'webhook_deliveries',
  /** imports/{id}: a CSV import (ImportView), with imports/{id}/chunks/{index} for each chunk written. */
  imports: 'imports',
  /** suppressions/{mailboxKey}: a mailbox no mail goes to, and why (@silk/schema/suppression). */
  suppressions: 'suppressions',
  /** mail_events/{id}: the mail provider's reports already applied (by their `webhook-id`). */
  mailEvents: 'mail_events',
  /** api_keys/{sha256 of the key}: an API key of the public API (@silk/schema/api-keys), never the key. */
  apiKeys: 'api_keys',
  /** mail_copy/{kind}: the current copy of a kind of e-mail, its versions in mail_copy/{kind}/versions/{n}. */
  mailCopy: 'mail_copy',
  /** rewards/{email}_{tierId}: a person who reached a reward tier (RewardEntry, @silk/schema/rewards). */
  rewards: 'rewards',
  /** broadcasts/{id}: an Admin's message to the list, with chunks/{n} and recipients/{mailboxKey}. */
  broadcasts: 'broadcasts',
} as const;

/** settings/{this}: the daily drip of invitations (DripSettings, @silk/schema/invites). */
export const INVITE_SETTINGS_DOC = 'invites';

/** The Activity tab counts the security log's events of this many last hours (security_log_counts). */
export const SECURITY_EVENTS_SHOWN_HOURS = 24;

/** settings/{this}: the reward tiers an Admin defined (RewardSettings, @silk/schema/rewards). */
export const REWARD_SETTINGS_DOC = 'rewards';

/** settings/{this}: the ranking rule in force and its re-rank (RankingSettings, @silk/schema/referrals). */
export const RANKING_SETTINGS_DOC = 'ranking';

/** signup_recent keeps a copy of each signup for this long after its last change (TTL on expiresAt). */
export const RECENT_SIGNUPS_KEPT_HOURS = 48;

/** How long a signup's tombstone (signup_deletions) is kept: an admin panel's copy older than this is reloaded. */
export const DELETIONS_KEPT_DAYS = 30;

export const SESSION_EMAIL_KEY = 'waitlist_email';
export { SIGNUP_SOURCE } from './signup-fields';
export const NOT_AVAILABLE = 'N/A';

/**
 * The version of the consent text shown beside the signup forms (the site footer's "By joining the
 * waitlist you agree to receive periodic e-mail updates…"): stored with each signup by server code.
 * Change it whenever that text changes.
 */
export const CONSENT_TEXT_VERSION = 'waitlist-updates-v1';
/**
 * The form a signup came from: the landing page's script ('hero') or its native post ('no-js'); 'import':
 * an Admin's CSV import that asked for confirmation mails (the double opt-in confirms the other tool's consent);
 * 'api': the public API's add-signup call (the caller's own form collected the consent); 'embed': the
 * embeddable widget on a site an Admin allowed.
 */
export const CONSENT_FORMS = ['hero', 'no-js', 'import', 'api', 'embed'] as const;
export type ConsentForm = (typeof CONSENT_FORMS)[number];

/**
 * The site's pages opened by the links in our e-mails: /confirm?token=… (confirm the address) and
 * /unsubscribe?token=…&erase=… (unsubscribe, re-subscribe, and in the section ERASE_SECTION_ID, delete
 * my data). `token` and `erase` are signed link tokens for POST /api/confirm, /api/unsubscribe,
 * /api/resubscribe (the unsubscribe token) and /api/erase (the erase token).
 */
export const EMAIL_LINK_PAGES = { confirm: '/confirm', unsubscribe: '/unsubscribe' } as const;
export const ERASE_SECTION_ID = 'delete-my-data';

/** The feedback answers in form order (from the signup fields registry, signup-fields.ts). */
export { FEEDBACK_FIELDS } from './signup-fields';
export const UNKNOWN_USER = 'Unknown User';
export const RECAPTCHA_ACTION = 'waitlist_update';
export const RECAPTCHA_MIN_SCORE = 0.5;

// Counts and exact figures of PRODUCT.md#constants (the site's own timings and counts live in apps/site).
export const ROLE_COUNT = 15;
export const FIRST_TESTIMONIAL_SUBSCRIBERS_LABEL = '19k';
export const COPYRIGHT_YEAR = 2025;
export const FAQ_EXAMPLE_BUDGET = '$3,500';

// Passwords.
export const PASSWORD_MIN_LENGTH = 8;

// Admin timing.
export const STAFF_FETCH_MAX_RETRIES = 3;
export const STAFF_FETCH_BACKOFF_MS = 500;
export const WAITLIST_RETRY_MS = 1000;
export const POST_LOGIN_LOAD_DELAY_MS = 200;
export const LOOKUP_RESULT_LIMIT = 1;

// Visitor lookups.
export const LOOKUP_TIMEOUT_MS = 2000;
export const DEFAULT_IP_LOOKUP_URL = 'https://api.ipify.org?format=json';
export const DEFAULT_GEO_LOOKUP_URL = 'https://ipapi.co/json/';

// Dates.
export const DATE_LOCALE = 'en-US';

// Limits on stored text (the signup fields registry's; firestore.rules is generated from it).
export { MAX_EMAIL_LENGTH, MAX_LONG_TEXT_LENGTH, MAX_SHORT_TEXT_LENGTH } from './signup-fields';
export const MAX_USERNAME_LENGTH = 32;
export const MIN_USERNAME_LENGTH = 3;

// Hosts. The admin panel is served at ADMIN_BASE_PATH on its own host; the site's Hosting redirects
// its own /admin there (tooling/stack writes the emulator's admin address in the test stacks' config).
export const ADMIN_ORIGIN = 'https://admin.silk.travel';
export const ADMIN_BASE_PATH = '/admin';

// HTTP.
export const MAX_BODY_BYTES = 16 * 1024;
export const DEFAULT_API_BASE = '/api';
/** The request header that carries a Firebase App Check token (as Firebase's own SDKs send it). */
export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';
export const FUNCTIONS_REGION = 'us-central1';

/**
 * The feedback edit key of a browser session (docs/decisions.md, feedback answers): its shape (as
 * firestore.rules checks it), the sessionStorage key it is kept under (followed by the normalised
 * e-mail) and the landing form's field that carries it to /api/join.
 */
export const EDIT_KEY_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
export const EDIT_KEY_STORAGE_PREFIX = 'waitlist_edit_key:';
export const EDIT_KEY_FIELD = 'editKey';

/**
 * The private status page: the statusPage function answers `/status?token=…` with the site's prerendered
 * shell (served by Hosting at STATUS_SHELL_PATH), its slot replaced by the subscriber's numbers. The
 * shell is not at /status itself: Hosting serves a static file before a function rewrite.
 */
export const STATUS_SHELL_PATH = '/status-shell';
export const STATUS_SLOT = '<!--status-page-->';
/**
 * The invitation page: the invitePage function answers `/invite?code=…` with the site's prerendered shell
 * (served by Hosting at INVITE_SHELL_PATH), its slot replaced by the invitation's state and its forms.
 */
export const INVITE_SHELL_PATH = '/invite-shell';
export const INVITE_SLOT = '<!--invite-page-->';
/**
 * The pages of the confirm and unsubscribe links: the confirmPage and unsubscribePage functions answer
 * `/confirm?token=…` and `/unsubscribe?token=…&erase=…` with the site's prerendered shells (served by
 * Hosting at these paths), each LINK_TOKEN_SLOT (the value of a form's hidden field)
 * replaced by the link's token, so the forms post without a script.
 */
export const CONFIRM_SHELL_PATH = '/confirm-shell';
export const UNSUBSCRIBE_SHELL_PATH = '/unsubscribe-shell';
export const LINK_TOKEN_SLOT = 'silk-link-token-slot';
/** Where /status?sent shows "check your inbox" (the fresh-link form's answer). */
export const STATUS_SENT_PARAM = 'sent';
/** The referral code of this session's signup (from /api/subscribe's answer), shown on /waitlist. */
export const SESSION_REFERRAL_CODE_KEY = 'waitlist_referral_code';
/** Set when the landing page left before /api/subscribe answered: /waitlist then asks for the code itself. */
export const SESSION_REFERRAL_CODE_PENDING_KEY = 'waitlist_referral_code_pending';
/** The referral code of the visit's link (`/?ref=…`), sent with the signup. */
export const SESSION_REFERRED_BY_KEY = 'waitlist_ref';
/** The visit the session arrived with (its URL and referrer), kept for the signup's attribution. */
export const SESSION_VISIT_KEY = 'waitlist_visit';
