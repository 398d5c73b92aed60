// Validation rules of PRODUCT.md#validation, shared by browser and server.
import { MAX_EMAIL_LENGTH, MAX_USERNAME_LENGTH, MIN_USERNAME_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * The one address grammar (PRODUCT.md#validation), for the site's form, every function an address enters
 * and firestore.rules (scripts/signup-rules.ts writes this very pattern into the rules): a dot-separated
 * local part of letters, digits and the plain symbols of RFC 5322 (without '/', which a document id
 * cannot hold, and '!' / '%', the old source-routing marks), '@', then two or more dot-separated domain
 * labels (letters and digits, inner hyphens). Nothing else: no display name, comment, quote, angle
 * bracket, comma, semicolon, colon, whitespace or address list, so a mail library has nothing to read
 * but the address itself. Written for both JavaScript (`u` flag) and RE2 (the rules): `\x27` is the
 * apostrophe, which the rules' quoted string could not hold as is.
 */
export const EMAIL_ADDRESS_PATTERN =
  '^[\\p{L}\\p{M}\\p{N}#$&\\x27*+=?^_`{|}~-]+(?:[.][\\p{L}\\p{M}\\p{N}#$&\\x27*+=?^_`{|}~-]+)*' +
  '@[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?' +
  '(?:[.][\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?)+$';

const EMAIL_ADDRESS = new RegExp(EMAIL_ADDRESS_PATTERN, 'u');

/** Trimmed and case-folded: the form every address is stored, limited and mailed in. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * An address of the grammar above, at most MAX_EMAIL_LENGTH characters once trimmed (surrounding spaces
 * and letter case are allowed: they go in normalisation).
 */
export function isValidEmailAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const email = normalizeEmail(value);
  return email.length > 0 && email.length <= MAX_EMAIL_LENGTH && EMAIL_ADDRESS.test(email);
}

/** The landing rule: the address grammar. */
export function isValidSignupEmail(value: unknown): value is string {
  return isValidEmailAddress(value);
}

/** The team-member rule: the same grammar (it contains '@', no spaces, no '/', and more). */
export function isValidTeamEmail(value: unknown): value is string {
  return isValidEmailAddress(value);
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
