import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as messages from './messages';

// The SPEC is vendored in docs/SPEC.md (kept identical to ../shared/SPEC.md by spec-copy.test.ts).
const spec = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'SPEC.md'), 'utf8');

/** Every message constant that the SPEC quotes, with the SPEC's own wording. */
const SPEC_MESSAGES: Record<string, string> = {
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
};

describe('messages', () => {
  it.each(Object.entries(SPEC_MESSAGES))('%s is word for word the SPEC text', (name, text) => {
    expect((messages as Record<string, unknown>)[name]).toBe(text);
    expect(spec).toContain(text);
  });

  it('formats the add-member success with the username, as the SPEC default', () => {
    expect(messages.addMemberSucceeded('ana')).toBe('Successfully added ana to the team.');
    expect(spec).toContain("'Successfully added {username} to the team.'");
  });

  it('formats the HTTP status error as the SPEC says', () => {
    expect(messages.httpErrorStatus(502)).toBe('HTTP error! status: 502');
    expect(spec).toContain("'HTTP error! status: N'");
  });

  it('has no empty message', () => {
    for (const [name, value] of Object.entries(messages)) {
      if (typeof value === 'string') expect(value.trim(), name).not.toBe('');
    }
  });
});
