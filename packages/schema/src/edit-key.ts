// The feedback edit key as a signup stores it: only its SHA-256 (lower-case hex). firestore.rules hashes
// a feedback write's `prevEditKey` (hashing.sha256) and compares it with the stored hash, so whoever can
// read the signup (staff) learns nothing that proves the session. Web Crypto, so the browser and the
// functions hash alike.

/** The stored hash's shape (as firestore.rules checks it). */
export const EDIT_KEY_HASH_PATTERN = /^[0-9a-f]{64}$/;

/** The stored form of an edit key: its SHA-256 as 64 lower-case hex digits. */
export async function hashEditKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
