// Business constants of SPEC §9 and names of §3. Every app and function reads them from here.

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
} as const;

export const SESSION_EMAIL_KEY = 'waitlist_email';
export const SIGNUP_SOURCE = 'Homepage Hero';
export const NOT_AVAILABLE = 'N/A';

/** The feedback fields of SPEC §3, in form order (here, not in entities, so zod-free chunks can use it). */
export const FEEDBACK_FIELDS = [
  'travelFrequency',
  'biggestFrustration',
  'workEmail',
  'contentCreator',
  'excitedFeatures',
  'suggestionsFeedback',
  'socialMedia',
] as const;
export const UNKNOWN_USER = 'Unknown User';
export const RECAPTCHA_ACTION = 'waitlist_update';
export const RECAPTCHA_MIN_SCORE = 0.5;

// Landing page motion and carousel (milliseconds unless stated).
export const CAROUSEL_AUTO_ADVANCE_MS = 5000;
export const SLIDE_TRANSITION_MS = 500;
export const CONTENT_REVEAL_DELAY_MS = 1000;
export const SCROLL_OBSERVER_SETUP_DELAY_MS = 100;
export const REVEAL_THRESHOLD = 0.1;
export const REVEAL_ROOT_MARGIN = '0px 0px 50px 0px';
export const PILLAR_STAGGER_MS = 200;
export const TESTIMONIAL_STAGGER_MS = 150;

// Content counts.
export const CAROUSEL_SLIDE_COUNT = 6;
export const FAQ_ITEM_COUNT = 10;
export const TESTIMONIAL_COUNT = 3;
export const PILLAR_COUNT = 4;
export const PAIN_POINT_COUNT = 4;
export const PARTNER_LOGO_COUNT = 3;
export const FOOTER_CHANNEL_COUNT = 7;
export const ROLE_COUNT = 15;
export const FIRST_TESTIMONIAL_SUBSCRIBERS_LABEL = '19k';
export const COPYRIGHT_YEAR = 2025;
export const FAQ_EXAMPLE_BUDGET = '$3,500';

export const FEEDBACK_SUGGESTIONS_ROWS = 4;

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

// Limits on stored text (mirrored in firestore.rules).
export const MAX_EMAIL_LENGTH = 254;
export const MAX_SHORT_TEXT_LENGTH = 200;
export const MAX_LONG_TEXT_LENGTH = 2000;
export const MAX_USERNAME_LENGTH = 32;
export const MIN_USERNAME_LENGTH = 3;

// HTTP.
export const MAX_BODY_BYTES = 16 * 1024;
export const DEFAULT_API_BASE = '/api';
export const API_PATHS = {
  subscribe: '/subscribe',
  waitlistUpdate: '/waitlist-update',
  createTeamMember: '/admin',
  exportWaitlist: '/xlsxdown',
} as const;

/** Cloud Function ids behind each API path (firebase.json rewrites and the Vite dev proxies match). */
export const FUNCTION_IDS = {
  subscribe: 'subscribe',
  waitlistUpdate: 'waitlistUpdate',
  createTeamMember: 'createTeamMember',
  exportWaitlist: 'exportWaitlist',
} as const;
export const FUNCTIONS_REGION = 'us-central1';
