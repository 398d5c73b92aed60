// The feedback edit key of this browser session (see firestore.rules, feedbackGuard): the landing write
// that creates the signup binds its hash (@silk/schema/edit-key), and each feedback write carries a new
// random key's hash and names the previous key, so only the session that signed up can give and change
// the answers; the plain key never leaves the session except to /api/join, which stores its hash. Kept in
// sessionStorage beside the signed-up e-mail (the landing page's form guard keeps the one it sends to
// /api/join there too); in memory where there is none.
import { EDIT_KEY_STORAGE_PREFIX as STORAGE_PREFIX } from '@silk/schema/constants';

const memory = new Map<string, string>();

/** 32 random bytes, base64url: 43 characters of [A-Za-z0-9_-]. */
export function newEditKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function readEditKey(email: string): string | null {
  return storage()?.getItem(STORAGE_PREFIX + email) ?? memory.get(email) ?? null;
}

export function saveEditKey(email: string, key: string): void {
  memory.set(email, key);
  try {
    storage()?.setItem(STORAGE_PREFIX + email, key);
  } catch {
    // full or disabled: the in-memory copy serves this page
  }
}
