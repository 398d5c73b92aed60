// Every user-facing message of PRODUCT.md#validation, PRODUCT.md#messages, word for word.

// Landing page
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const SIGNUP_FAILED = 'An error occurred. Please try again.';
export const SUBMITTING_SIGNUP_LABEL = 'Unlocking...';
export const SIGNUP_BUTTON_LABEL = 'Unlock My Early Access';

// Feedback
export const FEEDBACK_FAILED = 'There was an error submitting your feedback. Please try again.';
export const SESSION_EXPIRED = 'Your session has expired. Please return to the homepage to sign up.';
export const SUBMITTING_FEEDBACK_LABEL = 'Submitting...';

// Admin sign in and password reset
export const SIGN_IN_FIELDS_REQUIRED = 'Please enter both username/email and password.';
export const USERNAME_NOT_FOUND = 'Username not found.';
export const RESET_IDENTIFIER_REQUIRED = 'Please enter your username or email address.';
export const AUTH_USER_NOT_FOUND = 'No account found with this email address.';
export const AUTH_WRONG_PASSWORD = 'Incorrect password.';
export const AUTH_INVALID_EMAIL = 'Invalid email address format.';
export const AUTH_USER_DISABLED = 'This account has been disabled.';
export const RESET_SENT_LOGIN = 'Password reset email sent. Check your inbox and spam folder.';
export const RESET_SENT_SETTINGS = 'Password reset email sent. Check your inbox.';

// Team manager
export const TEAM_FIELDS_REQUIRED = 'Please enter both email and username.';
export const TEAM_INVALID_EMAIL = INVALID_EMAIL;
export const PASSWORD_POLICY =
  'Password must be at least 8 characters long and include uppercase, lowercase, number, and special character.';
export const ID_TOKEN_MISSING = 'Authentication token not available. Please sign in again.';
export const ADD_MEMBER_FAILED = 'Failed to add team member. Please try again.';
export function addMemberSucceeded(username: string): string {
  return `Successfully added ${username} to the team.`;
}
export function httpErrorStatus(status: number): string {
  return `HTTP error! status: ${status}`;
}

// Account settings
export const USERNAME_REQUIRED = 'Please enter a new username.';
export const USER_NOT_AUTHENTICATED = 'User not authenticated.';
export const USERNAME_TAKEN = 'This username is already taken.';
export const USERNAME_UPDATED = 'Username updated successfully.';

// A form's failure whose error carries no message (ours: worded like the SPEC's add-member failure).
export const PASSWORD_RESET_FAILED = 'Failed to send the password reset email. Please try again.';
export const USERNAME_UPDATE_FAILED = 'Failed to update the username. Please try again.';
export const NEW_PASSWORD_FAILED = 'Failed to set the new password. Please try again.';

/** The note on the spreadsheet's Signup Date header: the zone its dates are in (the downloader's). */
export function spreadsheetTimesNote(timeZone: string): string {
  return `Times in ${timeZone}`;
}

// Admin screens
export const LOADING = 'Loading...';
export const LOADING_DATA = 'Loading data...';
export const NO_DATA = 'No data available';

// Server-side messages (ours: the SPEC leaves them open)
export const METHOD_NOT_ALLOWED = 'Method not allowed. Use POST.';
export const UNSUPPORTED_MEDIA_TYPE = 'Content-Type must be application/json.';
export const PAYLOAD_TOO_LARGE = 'Request body is too large.';
export const INVALID_JSON = 'Request body is not valid JSON.';
export const RATE_LIMITED = 'Too many requests. Please wait a minute and try again.';
export const AUTH_REQUIRED = 'Authentication required. Please sign in again.';
export const ADMIN_REQUIRED = 'Only Admins can add team members.';
export const STAFF_REQUIRED = 'Only staff members can download signups.';
export const EMAIL_ALREADY_REGISTERED = 'An account with this email address already exists.';
export const INVALID_ROLES = 'Please choose roles from the list.';
export const INVALID_USERNAME =
  'Usernames are 3 to 32 characters: letters, digits, dot, dash and underscore, and no @.';
export const BOT_CHECK_MISSING_TOKEN = 'A reCAPTCHA token is required.';
export const BOT_CHECK_FAILED = 'The reCAPTCHA check failed. Please try again.';
export const BOT_CHECK_UNAVAILABLE = 'The reCAPTCHA service is unavailable. Please try again later.';
export const APP_CHECK_FAILED =
  'This request could not be verified as coming from our site. Please reload the page and try again.';
export const APP_CHECK_UNAVAILABLE = 'The app verification service is unavailable. Please try again later.';
export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';
export const PASSWORDS_DO_NOT_MATCH = 'The two passwords do not match.';

// Server-side messages of the functions' HTTP surface
export const ORIGIN_NOT_ALLOWED = 'This site is not allowed to call the API.';
export const INVALID_REQUEST_BODY = 'Request body must be a JSON object.';
/** Appended to addMemberSucceeded(username) when the server generated the one-time password. */
export function oneTimePasswordNotice(password: string): string {
  return `Their one-time password is ${password} — it is shown only once. They must choose a new password at first sign-in.`;
}

// Staff lifecycle: the Team Manager's member actions, the forced password change, sign-in by username.
export const TEAM_ADMIN_REQUIRED = 'Only Admins can manage the team.';
export const PASSWORD_CHANGE_REQUIRED = 'Set a new password before continuing.';
export const MEMBER_NOT_FOUND = 'No team member exists with this email address.';
export const LAST_ADMIN_REQUIRED = 'This change would leave the team without an enabled Admin.';
export const NOTHING_TO_UPDATE = 'Choose roles or a status to change.';
export const PASSWORD_CHANGED = 'Your password has been changed.';
export const SIGN_IN_FAILED = 'Sign-in failed. Please try again.';
export const TEAM_LOAD_FAILED = 'The team could not be loaded. Please try again.';
export const TEAM_ACTION_FAILED = 'The change could not be saved. Please try again.';
export const ACTIVITY_LOAD_FAILED = 'The activity log could not be loaded. Please try again.';
export function memberUpdated(email: string): string {
  return `Updated ${email}.`;
}
export function memberRemoved(email: string): string {
  return `Removed ${email} from the team.`;
}

// Links in our e-mails (confirm, unsubscribe, erase) and signup deletion by an Admin.
export const LINK_TOKEN_MISSING = 'This link is incomplete. Please open it again from your e-mail.';
export const LINK_INVALID = 'This link is not valid. Please use the link in your most recent e-mail from us.';
export const LINK_EXPIRED = 'This link has expired. Please use the link in your most recent e-mail from us.';
export const SUBSCRIPTION_NOT_FOUND =
  'We have no subscription for this link. Its data may have been deleted.';
export const SIGNUP_DELETE_ADMIN_REQUIRED = 'Only Admins can delete signups.';
export const REFERRALS_ADMIN_REQUIRED = 'Only Admins can review referrals or change the ranking.';
export const REFERRAL_REQUEST_INVALID = 'Choose a valid referral decision or ranking rule.';
export const INVITES_ADMIN_REQUIRED = 'Only Admins can invite people from the waitlist.';
export const INVITE_REQUEST_INVALID = 'This invitation request is not valid.';
export const WEBHOOKS_ADMIN_REQUIRED = 'Only Admins can manage webhooks.';
export const WEBHOOK_REQUEST_INVALID = 'Enter a valid webhook address and choose at least one event.';
export const WEBHOOK_URL_REFUSED = 'Webhook addresses must be https:// URLs of public servers.';
export const WEBHOOK_NOT_FOUND = 'This webhook no longer exists.';
export const WEBHOOK_DELIVERY_NOT_FOUND = 'This delivery no longer exists.';
export const WEBHOOK_LIMIT_REACHED = 'You have reached the maximum number of webhooks.';
/** A delivery's answer when there was none (shown in the deliveries table). */
export function webhookTimedOut(seconds: number): string {
  return `No answer within ${seconds} seconds.`;
}
export function webhookUnreachable(reason: string): string {
  return `The receiver could not be reached (${reason}).`;
}
export const WEBHOOK_ENDPOINT_REMOVED = 'Not sent: the webhook was removed.';
export const WEBHOOK_ENDPOINT_DISABLED = 'Not sent: the webhook is disabled.';
export const WEBHOOK_EVENT_ERASED = 'Not sent: the event was erased with the address it named.';
/** An alert's URL must be its platform's, a standard webhook's neither platform's. */
export const WEBHOOK_KIND_URL_MISMATCH =
  'Slack alerts need a https://hooks.slack.com/services/ address, Discord alerts a https://discord.com/api/webhooks/ address, and standard webhooks any other.';
export const WEBHOOK_DIGEST_EMPTY = 'Not sent: every event of this digest was erased.';
/** The Webhooks tab. */
export const WEBHOOK_ACTION_FAILED = 'The webhooks could not be loaded or changed. Please try again.';
/** The new endpoint's signing secret follows it. */
export const WEBHOOK_ADDED = 'Webhook added. Copy its signing secret now: it is shown only once.';
export const WEBHOOK_REMOVED = 'Webhook removed.';
/** A Slack or Discord alert has no signing secret. */
export const WEBHOOK_ALERT_ADDED = 'Alert added.';
export const WEBHOOK_SAVED = 'Webhook saved.';
export const WEBHOOK_SENT_AGAIN = 'Sent again.';
export const NO_WEBHOOKS = 'No webhooks yet.';
export const NO_WEBHOOK_DELIVERIES = 'No deliveries yet.';
export const IMPORTS_ADMIN_REQUIRED = 'Only Admins can import signups.';
export const IMPORT_REQUEST_INVALID = 'This import request is not valid.';
export const IMPORT_NOT_FOUND = 'This import no longer exists. Start it again.';
export const IMPORT_FILE_CHANGED = 'This file is not the one the import started with.';
export const MAIL_EVENT_SIGNATURE_INVALID = 'A valid webhook signature is required.';
export const MAIL_EVENT_INVALID = 'This mail event is not in a format we accept.';
export const SERVER_KEY_REQUIRED = 'A valid server key is required.';
export const INVITE_UNKNOWN = 'This invitation link is not valid.';
export const INVITE_ALREADY_USED = 'This invitation has already been used.';
export const INVITE_EXPIRED = 'This invitation has expired.';
export const INVITE_DECLINED = 'This invitation was declined.';
export const INVITE_TOKEN_UNKNOWN = 'This invitation token is not known.';
export const INVITE_TOKEN_USED = 'This invitation token has already been used.';
export const INVITE_TOKEN_EXPIRED = 'This invitation token has expired.';
export const REFERRAL_GRANTED = 'Referral credit granted.';
export const REFERRAL_REJECTED = 'Referral credit rejected.';
export const REFERRAL_NOT_WITHHELD = 'This referral is not waiting for review.';
export const REFERRAL_NOT_FOUND = 'There is no referral for this address.';
export const REFERRAL_ALREADY_CREDITED =
  'This address has already earned its referrer credit once. Reject this repeat instead.';
/** The site's link pages when the call gets no answer from our server (network down, no JSON). */
export const LINK_ACTION_FAILED =
  'We could not reach Silk just now. Please check your connection and try again.';
export const SIGNUP_DELETE_FAILED = 'The signup could not be deleted. Please try again.';
export const NO_MATCHING_SIGNUPS = 'No signups match this filter.';
/** The filtered export's view (search, filters, sort) did not parse. */
export const INVALID_SIGNUP_VIEW = 'This view of the signups is not valid. Clear the filters and try again.';
/** The ranking rule an Admin chose (in words, from describeRankingRule): everyone is being re-ranked. */
export function inviteWaveStarted(total: number): string {
  if (total === 0) return 'Nobody is waiting to be invited: the wave invites no one.';
  return `Inviting ${total === 1 ? '1 person' : `${total.toLocaleString('en-US')} people`}: the invitations go out in the background.`;
}
export function inviteDripSaved(enabled: boolean, perDay: number, hourUtc: number): string {
  if (!enabled) return 'The daily invitations are paused.';
  return `Inviting ${perDay.toLocaleString('en-US')} a day at ${String(hourUtc).padStart(2, '0')}:00 UTC.`;
}
export function rankingRuleSet(rule: string): string {
  return `Re-ranking everyone: ${rule}. Places follow the new rule when the re-rank is done.`;
}
export function signupDeleted(email: string): string {
  return `Deleted ${email} and everything held for the address.`;
}

/** The admin table while the signups beyond the first page load in the background. */
export const LOADING_ALL_SIGNUPS = 'Loading every signup';

// A signed-in account that is not a member of the team (the panel reads nothing for it).
export const NO_ACCESS_TITLE = 'No access';
export function noAccess(email: string): string {
  return `${email} has no access to the admin panel. Ask an Admin of your team to add you, then sign in again.`;
}

/** /api/join beyond its global ceiling of new signups per window (429). */
export const SIGNUPS_PAUSED = 'We are receiving a lot of signups right now. Please try again later.';
// Proof of the current password for a password change, and the security log's count in the Activity tab.
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to set a new one.';
export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect.';
export function securityEventsCount(count: number): string {
  return `${count} anonymous security ${count === 1 ? 'event' : 'events'} in the last 24 hours (failed sign-ins and password-reset requests, kept out of this log).`;
}
// The admin panel's Referrals tab (the review and rule routes answer their own success messages).
export const REFERRALS_LOAD_FAILED = 'The referrals could not be loaded. Please try again.';
export const RANKING_LOAD_FAILED = 'The ranking rule could not be loaded. Please try again.';
export const REFERRAL_REVIEW_FAILED = 'The referral could not be reviewed. Please try again.';
export const RANKING_CHANGE_FAILED = 'The ranking rule could not be changed. Please try again.';
export const NO_WITHHELD_REFERRALS = 'No referrals are waiting for review.';
/** The "skip N places" rule's N, refused in the panel before any call. */
export function rankingPlacesInvalid(max: number): string {
  return `Enter a whole number of places from 1 to ${max.toLocaleString('en-US')}.`;
}
// The admin panel's invitation views (the wave and drip routes answer their own success messages).
export const INVITES_LOAD_FAILED = 'The invitations could not be loaded. Please try again.';
export const INVITE_WAVE_FAILED = 'The wave could not be previewed or started. Please try again.';
export const INVITE_DRIP_FAILED = 'The drip settings could not be saved. Please try again.';
export const NO_INVITE_WAVES = 'No one has been invited yet.';
/** A wave's size or the drip's daily number, refused in the panel before any call. */
export function inviteCountInvalid(max: number): string {
  return `Enter a whole number from 1 to ${max.toLocaleString('en-US')}.`;
}
// The admin panel's Import tab (the import routes answer their own refusals).
export const IMPORTS_LOAD_FAILED = 'The imports could not be loaded. Please try again.';
export const IMPORT_FILE_UNREADABLE = 'This file could not be read. Choose a CSV file with a header row.';
export const IMPORT_EMAIL_COLUMN_REQUIRED = 'Choose the column that holds the e-mail addresses.';
export const IMPORT_STOPPED = 'The import stopped before the end. Resume it with the same file.';
/** Why a row of an import's file cannot be imported (the preview lists each with its line). */
export const IMPORT_PROBLEM_TEXT = {
  'email-missing': 'no e-mail address',
  'email-invalid': 'not a valid e-mail address',
  'email-repeated': 'the address is in an earlier row',
  'timestamp-invalid': 'the signup time is not a date (ISO 8601) or seconds or milliseconds since 1970',
  'timestamp-future': 'the signup time is in the future',
  'source-invalid': 'the source has characters or a length a campaign source cannot have',
  'answer-too-long': 'an answer is longer than the form allows',
} as const;
export function importFinished(imported: number, merged: number, erased = 0): string {
  const skipped =
    erased > 0 ? ` ${erased.toLocaleString('en-US')} skipped: erased at their owner's request.` : '';
  return `Import finished: ${imported.toLocaleString('en-US')} new signups, ${merged.toLocaleString('en-US')} merged into existing ones.${skipped}`;
}
// The public API's keys (the Admins' API keys tab) and the public API's refusals.
export const API_KEYS_ADMIN_REQUIRED = 'Only Admins can manage API keys.';
export const API_KEY_REQUEST_INVALID =
  'Enter a name, choose at least one scope and a rate from 1 to 1,000 requests a minute.';
export const API_KEY_NOT_FOUND = 'This API key no longer exists.';
export const API_KEY_LIMIT_REACHED = 'You have reached the maximum number of API keys.';
export const API_KEY_REQUIRED = 'A valid API key is required (Authorization: Bearer <key>).';
export const API_KEY_SCOPE_MISSING = 'This API key does not have the scope this call needs.';
export const API_REQUEST_INVALID = "The request does not match the API's description of it.";
export const API_CURSOR_INVALID = 'This cursor is not one the API answered.';
export const API_SUBSCRIBER_NOT_FOUND = 'There is no signup with this address.';
export const API_HOOK_NOT_FOUND = 'This hook subscription does not exist.';
export const API_KEYS_LOAD_FAILED = 'The API keys could not be loaded or changed. Please try again.';
export const API_KEY_CREATED = 'API key created. Copy it now: it is shown only once.';
export const API_KEY_REVOKED = 'API key revoked.';
export const NO_API_KEYS = 'No API keys yet.';
// The embeddable signup widget (/embed.js) and the Admin's list of the sites allowed to embed it.
export const EMBED_ADMIN_REQUIRED = 'Only Admins can choose the sites that embed the signup form.';
export const EMBED_ORIGINS_INVALID =
  'Enter each site as its origin only: https:// or http://, the host and an optional port (no path).';
export const EMBED_ORIGIN_REQUIRED = 'This form can only be used on a web page.';
/** The widget's answer when Silk refused the page's site (not on the Admin's list). */
export const EMBED_SITE_REFUSED = 'This site is not allowed to show the Silk signup form.';
export const EMBED_JOINED = 'You are on the waitlist! Share your referral link to move up:';
export const EMBED_EMAIL_LABEL = 'Email address';
export const EMBED_REGION_LABEL = 'Join the Silk waitlist';
export const EMBED_LINK_LABEL = 'Your referral link';
export const EMBED_COPY_LABEL = 'Copy link';
export const EMBED_COPIED = 'Link copied.';
export const EMBED_ORIGINS_SAVED = 'The allowed sites have been saved.';
export const EMBED_ORIGINS_LOAD_FAILED = 'The allowed sites could not be loaded. Please try again.';
// The e-mail copy Admins edit (the Emails tab; the check in @silk/schema/mail-copy).
export const MAIL_COPY_ADMIN_REQUIRED = 'Only Admins can edit the e-mails.';
export const MAIL_COPY_REQUEST_INVALID = 'Choose an e-mail and a version, and enter its subject and body.';
export const MAIL_COPY_SUBJECT_EMPTY = 'Enter a subject.';
export const MAIL_COPY_SUBJECT_TOO_LONG = 'The subject can be at most 200 characters.';
export const MAIL_COPY_BODY_EMPTY = 'Enter the text of the e-mail.';
export const MAIL_COPY_BODY_TOO_LONG = 'The text can be at most 5,000 characters.';
export const MAIL_COPY_STRAY_BRACES = 'Write each variable as {{name}}: a brace is left unmatched.';
export function mailCopyMissingLink(name: string): string {
  return `Keep the link {{${name}}}: this e-mail cannot do its job without it.`;
}
export function mailCopyUnknownVariable(name: string): string {
  return `{{${name}}} is not a variable this e-mail can use.`;
}
export function mailCopyNotALink(name: string): string {
  return `{{${name}}} is text, not a link: use it outside [label](…).`;
}
export function mailCopyLinkInSubject(name: string): string {
  return `{{${name}}} is a link and cannot go in the subject.`;
}
export const MAIL_COPY_CONFLICT =
  'Someone changed this e-mail since you opened it. Reload to see their version, then edit again.';
export const MAIL_COPY_VERSION_NOT_FOUND = 'This version of the e-mail does not exist.';
export const MAIL_COPY_SAVED = 'Saved. New e-mails use this copy within a minute.';
export function mailCopyRestored(version: number): string {
  return version === 0
    ? 'The default copy is back. New e-mails use it within a minute.'
    : `Version ${version} is back. New e-mails use it within a minute.`;
}
export const MAIL_COPY_LOAD_FAILED = 'The e-mails could not be loaded or saved. Please try again.';
// Reward tiers: the Admin's editor, the fulfilment queue, the review that takes credit back.
export const REWARDS_ADMIN_REQUIRED = 'Only Admins can define rewards or mark them fulfilled.';
export const REWARD_REQUEST_INVALID =
  'Give each reward a name and a number of referrals from 1 to 100,000 (each number once).';
export const REWARD_TIERS_SAVED = 'The reward tiers have been saved.';
export const REWARD_NOT_FOUND = 'This reward is no longer in the queue.';
export const REWARD_REVOKED = 'This reward was taken back: the referral credit behind it was rejected.';
export const REWARD_FULFILLED = 'Marked fulfilled.';
export const REWARD_ALREADY_FULFILLED = 'This reward was already marked fulfilled.';
export const REWARDS_LOAD_FAILED = 'The rewards could not be loaded or changed. Please try again.';
export const NO_REWARD_TIERS = 'No reward tiers yet.';
/** Beside a tier's places skipped: when they count. */
export const PLACES_SKIPPED_HINT =
  'Places skipped count when the line is ordered by skipping places per confirmed referral; a tier that invites automatically invites each person once, when they reach it.';
export const NO_REWARD_ENTRIES = 'Nobody in this view of the queue.';
// Broadcasts: an Admin's message to the mailing list.
export const BROADCASTS_ADMIN_REQUIRED = 'Only Admins can write or send broadcasts.';
export const BROADCAST_REQUEST_INVALID = 'Enter a subject and a message, and choose who it goes to.';
export const BROADCAST_TEST_SENT = 'A test has been sent to your own address.';
export const BROADCASTS_LOAD_FAILED = 'The broadcasts could not be loaded. Please try again.';
export const NO_BROADCASTS = 'No broadcasts yet.';
export function broadcastQueued(sendAt: number | null): string {
  if (sendAt !== null)
    return `Scheduled for ${new Date(sendAt).toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
  return 'Sending: the mail goes out in the background.';
}
export function broadcastReach(count: number): string {
  return `This broadcast reaches ${count === 1 ? '1 person' : `${count.toLocaleString('en-US')} people`}.`;
}
