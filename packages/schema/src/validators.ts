// Validation rules of PRODUCT.md#validation, shared by browser and server.
import { MAX_EMAIL_LENGTH, MAX_USERNAME_LENGTH, MIN_USERNAME_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** PRODUCT.md#validation: non-space text, @, non-space text, dot, non-space text. */
const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * The landing rule: the simple pattern, and an address that can be a Firestore document id
 * (no '/', at most 254 characters).
 */
export function isValidSignupEmail(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const email = value.trim();
  return (
    email.length > 0 &&
    email.length <= MAX_EMAIL_LENGTH &&
    !email.includes('/') &&
    SIMPLE_EMAIL_PATTERN.test(email)
  );
}

/** The team-member rule of PRODUCT.md#validation: the address only has to contain '@' (plus the id constraints). */
export function isValidTeamEmail(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const email = value.trim();
  return email.includes('@') && email.length <= MAX_EMAIL_LENGTH && !email.includes('/') && !/\s/.test(email);
}

/** At least 8 characters with a lowercase, an uppercase, a digit and a special character. */
export function isStrongPassword(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  return (
    [...value].length >= PASSWORD_MIN_LENGTH &&
    /\p{Ll}/u.test(value) &&
    /\p{Lu}/u.test(value) &&
    /\p{Nd}/u.test(value) &&
    /[^\p{L}\p{N}\s]/u.test(value)
  );
}

const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Usernames: 3-32 of letters, digits, '.', '_' and '-'; never an '@' (that would read as an e-mail). */
export function isValidUsername(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const username = value.trim();
  return (
    username.length >= MIN_USERNAME_LENGTH &&
    username.length <= MAX_USERNAME_LENGTH &&
    USERNAME_PATTERN.test(username)
  );
}

/** Document id of a username mapping: usernames are unique case-insensitively. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/** PRODUCT.md#validation: an identifier without '@' is a username. */
export function isUsernameIdentifier(identifier: string): boolean {
  return !identifier.includes('@');
}
