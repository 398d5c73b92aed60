import { describe, expect, it } from 'vitest';
import type { ImportProblem } from './imports';
import * as messages from './messages';

/** The exact text users see for each message constant, written out so a changed word fails here. */
const EXPECTED_MESSAGES: Record<string, string> = {
  INVALID_EMAIL: 'Please enter a valid email address.',
  SIGNUP_FAILED: 'An error occurred. Please try again.',
  SUBMITTING_SIGNUP_LABEL: 'Unlocking...',
  SIGNUP_BUTTON_LABEL: 'Unlock My Early Access',
  FEEDBACK_FAILED: 'There was an error submitting your feedback. Please try again.',
  SESSION_EXPIRED: 'Your session has expired. Please return to the homepage to sign up.',
  SUBMITTING_FEEDBACK_LABEL: 'Submitting...',
  SIGN_IN_FIELDS_REQUIRED: 'Please enter both username/email and password.',
  USERNAME_NOT_FOUND: 'Username not found.',
  RESET_IDENTIFIER_REQUIRED: 'Please enter your username or email address.',
  AUTH_USER_NOT_FOUND: 'No account found with this email address.',
  AUTH_WRONG_PASSWORD: 'Incorrect password.',
  AUTH_INVALID_EMAIL: 'Invalid email address format.',
  AUTH_USER_DISABLED: 'This account has been disabled.',
  RESET_SENT_LOGIN: 'Password reset email sent. Check your inbox and spam folder.',
  RESET_SENT_SETTINGS: 'Password reset email sent. Check your inbox.',
  TEAM_FIELDS_REQUIRED: 'Please enter both email and username.',
  TEAM_INVALID_EMAIL: 'Please enter a valid email address.',
  PASSWORD_POLICY:
    'Password must be at least 8 characters long and include uppercase, lowercase, number, and special character.',
  ID_TOKEN_MISSING: 'Authentication token not available. Please sign in again.',
  ADD_MEMBER_FAILED: 'Failed to add team member. Please try again.',
  USERNAME_REQUIRED: 'Please enter a new username.',
  USER_NOT_AUTHENTICATED: 'User not authenticated.',
  USERNAME_TAKEN: 'This username is already taken.',
  USERNAME_UPDATED: 'Username updated successfully.',
  LOADING: 'Loading...',
  LOADING_DATA: 'Loading data...',
  NO_DATA: 'No data available',
  METHOD_NOT_ALLOWED: 'Method not allowed. Use POST.',
  UNSUPPORTED_MEDIA_TYPE: 'Content-Type must be application/json.',
  PAYLOAD_TOO_LARGE: 'Request body is too large.',
  INVALID_JSON: 'Request body is not valid JSON.',
  RATE_LIMITED: 'Too many requests. Please wait a minute and try again.',
  AUTH_REQUIRED: 'Authentication required. Please sign in again.',
  ADMIN_REQUIRED: 'Only Admins can add team members.',
  STAFF_REQUIRED: 'Only staff members can download signups.',
  EMAIL_ALREADY_REGISTERED: 'An account with this email address already exists.',
  INVALID_ROLES: 'Please choose roles from the list.',
  INVALID_USERNAME: 'Usernames are 3 to 32 characters: letters, digits, dot, dash and underscore, and no @.',
  BOT_CHECK_MISSING_TOKEN: 'A reCAPTCHA token is required.',
  BOT_CHECK_FAILED: 'The reCAPTCHA check failed. Please try again.',
  BOT_CHECK_UNAVAILABLE: 'The reCAPTCHA service is unavailable. Please try again later.',
  APP_CHECK_FAILED:
    'This request could not be verified as coming from our site. Please reload the page and try again.',
  APP_CHECK_UNAVAILABLE: 'The app verification service is unavailable. Please try again later.',
  INTERNAL_ERROR: 'Something went wrong on our side. Please try again.',
  PASSWORDS_DO_NOT_MATCH: 'The two passwords do not match.',
  ORIGIN_NOT_ALLOWED: 'This site is not allowed to call the API.',
  INVALID_REQUEST_BODY: 'Request body must be a JSON object.',
  LINK_TOKEN_MISSING: 'This link is incomplete. Please open it again from your e-mail.',
  LINK_INVALID: 'This link is not valid. Please use the link in your most recent e-mail from us.',
  LINK_EXPIRED: 'This link has expired. Please use the link in your most recent e-mail from us.',
  SUBSCRIPTION_NOT_FOUND: 'We have no subscription for this link. Its data may have been deleted.',
  SIGNUP_DELETE_ADMIN_REQUIRED: 'Only Admins can delete signups.',
  REFERRALS_ADMIN_REQUIRED: 'Only Admins can review referrals or change the ranking.',
  REFERRAL_REQUEST_INVALID: 'Choose a valid referral decision or ranking rule.',
  INVITES_ADMIN_REQUIRED: 'Only Admins can invite people from the waitlist.',
  INVITE_REQUEST_INVALID: 'This invitation request is not valid.',
  API_KEYS_ADMIN_REQUIRED: 'Only Admins can manage API keys.',
  API_KEY_REQUEST_INVALID:
    'Enter a name, choose at least one scope and a rate from 1 to 1,000 requests a minute.',
  API_KEY_NOT_FOUND: 'This API key no longer exists.',
  API_KEY_LIMIT_REACHED: 'You have reached the maximum number of API keys.',
  API_KEY_REQUIRED: 'A valid API key is required (Authorization: Bearer <key>).',
  API_KEY_SCOPE_MISSING: 'This API key does not have the scope this call needs.',
  API_REQUEST_INVALID: "The request does not match the API's description of it.",
  API_CURSOR_INVALID: 'This cursor is not one the API answered.',
  API_SUBSCRIBER_NOT_FOUND: 'There is no signup with this address.',
  API_HOOK_NOT_FOUND: 'This hook subscription does not exist.',
  API_KEYS_LOAD_FAILED: 'The API keys could not be loaded or changed. Please try again.',
  API_KEY_CREATED: 'API key created. Copy it now: it is shown only once.',
  API_KEY_REVOKED: 'API key revoked.',
  NO_API_KEYS: 'No API keys yet.',
  EMBED_ADMIN_REQUIRED: 'Only Admins can choose the sites that embed the signup form.',
  EMBED_ORIGINS_INVALID:
    'Enter each site as its origin only: https:// or http://, the host and an optional port (no path).',
  EMBED_ORIGIN_REQUIRED: 'This form can only be used on a web page.',
  EMBED_SITE_REFUSED: 'This site is not allowed to show the Silk signup form.',
  EMBED_JOINED: 'You are on the waitlist! Share your referral link to move up:',
  EMBED_EMAIL_LABEL: 'Email address',
  EMBED_REGION_LABEL: 'Join the Silk waitlist',
  EMBED_LINK_LABEL: 'Your referral link',
  EMBED_COPY_LABEL: 'Copy link',
  EMBED_COPIED: 'Link copied.',
  EMBED_ORIGINS_SAVED: 'The allowed sites have been saved.',
  EMBED_ORIGINS_LOAD_FAILED: 'The allowed sites could not be loaded. Please try again.',
  MAIL_COPY_ADMIN_REQUIRED: 'Only Admins can edit the e-mails.',
  MAIL_COPY_REQUEST_INVALID: 'Choose an e-mail and a version, and enter its subject and body.',
  MAIL_COPY_SUBJECT_EMPTY: 'Enter a subject.',
  MAIL_COPY_SUBJECT_TOO_LONG: 'The subject can be at most 200 characters.',
  MAIL_COPY_BODY_EMPTY: 'Enter the text of the e-mail.',
  MAIL_COPY_BODY_TOO_LONG: 'The text can be at most 5,000 characters.',
  MAIL_COPY_STRAY_BRACES: 'Write each variable as {{name}}: a brace is left unmatched.',
  MAIL_COPY_CONFLICT:
    'Someone changed this e-mail since you opened it. Reload to see their version, then edit again.',
  MAIL_COPY_VERSION_NOT_FOUND: 'This version of the e-mail does not exist.',
  MAIL_COPY_SAVED: 'Saved. New e-mails use this copy within a minute.',
  MAIL_COPY_LOAD_FAILED: 'The e-mails could not be loaded or saved. Please try again.',
  REWARDS_ADMIN_REQUIRED: 'Only Admins can define rewards or mark them fulfilled.',
  REWARD_REQUEST_INVALID:
    'Give each reward a name and a number of referrals from 1 to 100,000 (each number once).',
  REWARD_TIERS_SAVED: 'The reward tiers have been saved.',
  REWARD_NOT_FOUND: 'This reward is no longer in the queue.',
  REWARD_REVOKED: 'This reward was taken back: the referral credit behind it was rejected.',
  REWARD_FULFILLED: 'Marked fulfilled.',
  REWARD_ALREADY_FULFILLED: 'This reward was already marked fulfilled.',
  REWARDS_LOAD_FAILED: 'The rewards could not be loaded or changed. Please try again.',
  NO_REWARD_TIERS: 'No reward tiers yet.',
  NO_REWARD_ENTRIES: 'Nobody in this view of the queue.',
  BROADCASTS_ADMIN_REQUIRED: 'Only Admins can write or send broadcasts.',
  BROADCAST_REQUEST_INVALID: 'Enter a subject and a message, and choose who it goes to.',
  BROADCAST_TEST_SENT: 'A test has been sent to your own address.',
  BROADCASTS_LOAD_FAILED: 'The broadcasts could not be loaded. Please try again.',
  NO_BROADCASTS: 'No broadcasts yet.',
  WEBHOOKS_ADMIN_REQUIRED: 'Only Admins can manage webhooks.',
  WEBHOOK_REQUEST_INVALID: 'Enter a valid webhook address and choose at least one event.',
  WEBHOOK_URL_REFUSED: 'Webhook addresses must be https:// URLs of public servers.',
  WEBHOOK_NOT_FOUND: 'This webhook no longer exists.',
  WEBHOOK_DELIVERY_NOT_FOUND: 'This delivery no longer exists.',
  WEBHOOK_LIMIT_REACHED: 'You have reached the maximum number of webhooks.',
  WEBHOOK_ENDPOINT_REMOVED: 'Not sent: the webhook was removed.',
  WEBHOOK_ENDPOINT_DISABLED: 'Not sent: the webhook is disabled.',
  WEBHOOK_EVENT_ERASED: 'Not sent: the event was erased with the address it named.',
  WEBHOOK_KIND_URL_MISMATCH:
    'Slack alerts need a https://hooks.slack.com/services/ address, Discord alerts a https://discord.com/api/webhooks/ address, and standard webhooks any other.',
  WEBHOOK_DIGEST_EMPTY: 'Not sent: every event of this digest was erased.',
  WEBHOOK_ACTION_FAILED: 'The webhooks could not be loaded or changed. Please try again.',
  WEBHOOK_SAVED: 'Webhook saved.',
  WEBHOOK_ADDED: 'Webhook added. Copy its signing secret now: it is shown only once.',
  WEBHOOK_REMOVED: 'Webhook removed.',
  WEBHOOK_ALERT_ADDED: 'Alert added.',
  WEBHOOK_SENT_AGAIN: 'Sent again.',
  NO_WEBHOOKS: 'No webhooks yet.',
  NO_WEBHOOK_DELIVERIES: 'No deliveries yet.',
  IMPORTS_ADMIN_REQUIRED: 'Only Admins can import signups.',
  IMPORT_REQUEST_INVALID: 'This import request is not valid.',
  IMPORT_NOT_FOUND: 'This import no longer exists. Start it again.',
  IMPORT_FILE_CHANGED: 'This file is not the one the import started with.',
  IMPORTS_LOAD_FAILED: 'The imports could not be loaded. Please try again.',
  IMPORT_FILE_UNREADABLE: 'This file could not be read. Choose a CSV file with a header row.',
  IMPORT_EMAIL_COLUMN_REQUIRED: 'Choose the column that holds the e-mail addresses.',
  IMPORT_STOPPED: 'The import stopped before the end. Resume it with the same file.',
  MAIL_EVENT_SIGNATURE_INVALID: 'A valid webhook signature is required.',
  MAIL_EVENT_INVALID: 'This mail event is not in a format we accept.',
  SERVER_KEY_REQUIRED: 'A valid server key is required.',
  INVITE_UNKNOWN: 'This invitation link is not valid.',
  INVITE_ALREADY_USED: 'This invitation has already been used.',
  INVITE_EXPIRED: 'This invitation has expired.',
  INVITE_DECLINED: 'This invitation was declined.',
  INVITE_TOKEN_UNKNOWN: 'This invitation token is not known.',
  INVITE_TOKEN_USED: 'This invitation token has already been used.',
  INVITE_TOKEN_EXPIRED: 'This invitation token has expired.',
  REFERRAL_GRANTED: 'Referral credit granted.',
  REFERRAL_REJECTED: 'Referral credit rejected.',
  REFERRAL_NOT_WITHHELD: 'This referral is not waiting for review.',
  REFERRAL_NOT_FOUND: 'There is no referral for this address.',
  REFERRAL_ALREADY_CREDITED:
    'This address has already earned its referrer credit once. Reject this repeat instead.',
  LINK_ACTION_FAILED: 'We could not reach Silk just now. Please check your connection and try again.',
  SIGNUP_DELETE_FAILED: 'The signup could not be deleted. Please try again.',
  NO_MATCHING_SIGNUPS: 'No signups match this filter.',
  INVALID_SIGNUP_VIEW: 'This view of the signups is not valid. Clear the filters and try again.',
  NO_ACCESS_TITLE: 'No access',
  LOADING_ALL_SIGNUPS: 'Loading every signup',
  TEAM_ADMIN_REQUIRED: 'Only Admins can manage the team.',
  PASSWORD_CHANGE_REQUIRED: 'Set a new password before continuing.',
  MEMBER_NOT_FOUND: 'No team member exists with this email address.',
  LAST_ADMIN_REQUIRED: 'This change would leave the team without an enabled Admin.',
  NOTHING_TO_UPDATE: 'Choose roles or a status to change.',
  PASSWORD_CHANGED: 'Your password has been changed.',
  SIGN_IN_FAILED: 'Sign-in failed. Please try again.',
  PASSWORD_RESET_FAILED: 'Failed to send the password reset email. Please try again.',
  USERNAME_UPDATE_FAILED: 'Failed to update the username. Please try again.',
  NEW_PASSWORD_FAILED: 'Failed to set the new password. Please try again.',
  SIGNUPS_PAUSED: 'We are receiving a lot of signups right now. Please try again later.',
  CURRENT_PASSWORD_REQUIRED: 'Enter your current password to set a new one.',
  CURRENT_PASSWORD_WRONG: 'Your current password is incorrect.',
  INVITES_LOAD_FAILED: 'The invitations could not be loaded. Please try again.',
  INVITE_WAVE_FAILED: 'The wave could not be previewed or started. Please try again.',
  INVITE_DRIP_FAILED: 'The drip settings could not be saved. Please try again.',
  NO_INVITE_WAVES: 'No one has been invited yet.',
  REFERRALS_LOAD_FAILED: 'The referrals could not be loaded. Please try again.',
  RANKING_LOAD_FAILED: 'The ranking rule could not be loaded. Please try again.',
  REFERRAL_REVIEW_FAILED: 'The referral could not be reviewed. Please try again.',
  RANKING_CHANGE_FAILED: 'The ranking rule could not be changed. Please try again.',
  NO_WITHHELD_REFERRALS: 'No referrals are waiting for review.',
};

/** How the import preview words each problem of a row, written out so a changed word fails here. */
const EXPECTED_IMPORT_PROBLEM_TEXT: readonly [ImportProblem, string][] = [
  ['email-missing', 'no e-mail address'],
  ['email-invalid', 'not a valid e-mail address'],
  ['email-repeated', 'the address is in an earlier row'],
  ['timestamp-invalid', 'the signup time is not a date (ISO 8601) or seconds or milliseconds since 1970'],
  ['timestamp-future', 'the signup time is in the future'],
  ['source-invalid', 'the source has characters or a length a campaign source cannot have'],
  ['answer-too-long', 'an answer is longer than the form allows'],
];

describe('messages', () => {
  it.each(Object.entries(EXPECTED_MESSAGES))('%s is word for word its expected text', (name, text) => {
    expect((messages as Record<string, unknown>)[name]).toBe(text);
  });

  it('formats the add-member, member-updated, member-removed and signup-deleted messages', () => {
    expect(messages.addMemberSucceeded('ana')).toBe('Successfully added ana to the team.');
    expect(messages.memberUpdated('ana@silk.travel')).toBe('Updated ana@silk.travel.');
    expect(messages.memberRemoved('ana@silk.travel')).toBe('Removed ana@silk.travel from the team.');
    expect(messages.inviteWaveStarted(0)).toBe('Nobody is waiting to be invited: the wave invites no one.');
    expect(messages.inviteWaveStarted(1)).toBe(
      'Inviting 1 person: the invitations go out in the background.',
    );
    expect(messages.inviteWaveStarted(10000)).toBe(
      'Inviting 10,000 people: the invitations go out in the background.',
    );
    expect(messages.inviteDripSaved(false, 50, 9)).toBe('The daily invitations are paused.');
    expect(messages.inviteDripSaved(true, 50, 9)).toBe('Inviting 50 a day at 09:00 UTC.');
    expect(messages.rankingRuleSet('By signup time')).toBe(
      'Re-ranking everyone: By signup time. Places follow the new rule when the re-rank is done.',
    );
    expect(messages.signupDeleted('ana@example.com')).toBe(
      'Deleted ana@example.com and everything held for the address.',
    );
  });

  it('names the account that has no access', () => {
    expect(messages.noAccess('sam@example.com')).toBe(
      'sam@example.com has no access to the admin panel. Ask an Admin of your team to add you, then sign in again.',
    );
  });

  it("names the time zone in the spreadsheet's Signup Date note", () => {
    expect(messages.spreadsheetTimesNote('Europe/Berlin')).toBe('Times in Europe/Berlin');
  });

  it("bounds the ranking rule's places in words", () => {
    expect(messages.rankingPlacesInvalid(1000)).toBe('Enter a whole number of places from 1 to 1,000.');
    expect(messages.inviteCountInvalid(100_000)).toBe('Enter a whole number from 1 to 100,000.');
  });

  it('formats the HTTP status error with the status code', () => {
    expect(messages.httpErrorStatus(502)).toBe('HTTP error! status: 502');
  });

  it('formats the one-time password notice around the password', () => {
    expect(messages.oneTimePasswordNotice('Xy7!abc')).toBe(
      'Their one-time password is Xy7!abc — it is shown only once. They must choose a new password at first sign-in.',
    );
  });

  it('counts the anonymous security events of the last 24 hours', () => {
    expect(messages.securityEventsCount(1)).toBe(
      '1 anonymous security event in the last 24 hours (failed sign-ins and password-reset requests, kept out of this log).',
    );
    expect(messages.securityEventsCount(600)).toBe(
      '600 anonymous security events in the last 24 hours (failed sign-ins and password-reset requests, kept out of this log).',
    );
  });

  it('describes a webhook delivery without an answer', () => {
    expect(messages.webhookTimedOut(10)).toBe('No answer within 10 seconds.');
    expect(messages.webhookUnreachable('ECONNREFUSED')).toBe(
      'The receiver could not be reached (ECONNREFUSED).',
    );
  });

  it.each(EXPECTED_IMPORT_PROBLEM_TEXT)('words the import problem %s as %j', (problem, text) => {
    expect(messages.IMPORT_PROBLEM_TEXT[problem]).toBe(text);
  });

  it('words each problem of an imported row and no other, and the end of an import', () => {
    expect(Object.keys(messages.IMPORT_PROBLEM_TEXT).sort()).toEqual(
      EXPECTED_IMPORT_PROBLEM_TEXT.map(([problem]) => problem).sort(),
    );
    expect(messages.importFinished(1200, 3)).toBe(
      'Import finished: 1,200 new signups, 3 merged into existing ones.',
    );
    expect(messages.importFinished(1200, 3, 2)).toBe(
      "Import finished: 1,200 new signups, 3 merged into existing ones. 2 skipped: erased at their owner's request.",
    );
  });

  it('names the variable of each refused e-mail copy, and the version an Admin restored', () => {
    expect(messages.mailCopyMissingLink('confirmLink')).toBe(
      'Keep the link {{confirmLink}}: this e-mail cannot do its job without it.',
    );
    expect(messages.mailCopyUnknownVariable('coupon')).toBe(
      '{{coupon}} is not a variable this e-mail can use.',
    );
    expect(messages.mailCopyNotALink('productName')).toBe(
      '{{productName}} is text, not a link: use it outside [label](…).',
    );
    expect(messages.mailCopyLinkInSubject('confirmLink')).toBe(
      '{{confirmLink}} is a link and cannot go in the subject.',
    );
    expect(messages.mailCopyRestored(0)).toBe(
      'The default copy is back. New e-mails use it within a minute.',
    );
    expect(messages.mailCopyRestored(3)).toBe('Version 3 is back. New e-mails use it within a minute.');
  });

  it('says what a broadcast does', () => {
    expect(messages.broadcastReach(1)).toBe('This broadcast reaches 1 person.');
    expect(messages.broadcastReach(12000)).toBe('This broadcast reaches 12,000 people.');
    expect(messages.broadcastQueued(null)).toBe('Sending: the mail goes out in the background.');
    expect(messages.broadcastQueued(Date.UTC(2026, 11, 1, 9, 30))).toBe(
      'Scheduled for 2026-12-01 09:30 UTC.',
    );
  });

  it('has no empty message', () => {
    for (const [name, value] of Object.entries(messages)) {
      if (typeof value === 'string') expect(value.trim(), name).not.toBe('');
    }
  });
});
