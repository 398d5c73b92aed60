// Changing the signed-in member's username (SPEC §5, §7): one atomic batch over staff and mappings.
import {
  INVALID_USERNAME,
  USER_NOT_AUTHENTICATED,
  USERNAME_REQUIRED,
  USERNAME_TAKEN,
} from '@silk/schema/messages';
import { LOOKUP_RESULT_LIMIT } from '@silk/schema/constants';
import { isValidUsername, normalizeEmail, usernameKey } from '@silk/schema/validators';
import { getDoc, getDocs, limit, query, where, writeBatch } from 'firebase/firestore';
import type { AdminServices } from './admin-firebase';
import { staffRef, usernameMappingRef, usernameMappingsRef } from './refs';

/** The signed-in member's own mapping, found by e-mail (SPEC §7: query by e-mail, limit 1). */
export async function findOwnUsernameMapping(
  services: AdminServices,
): Promise<{ key: string; username: string } | null> {
  const email = services.auth.currentUser?.email;
  if (!email) throw new Error(USER_NOT_AUTHENTICATED);
  const found = await getDocs(
    query(usernameMappingsRef(services.db), where('email', '==', normalizeEmail(email)), limit(LOOKUP_RESULT_LIMIT)),
  );
  const first = found.docs[0];
  return first ? { key: first.id, username: first.data().username } : null;
}

/**
 * Sets the member's username: required (trimmed), signed in, valid, not held by another account
 * (case-insensitively). One batch updates staff/{email}.username, writes the new mapping and deletes
 * the old one when the key changes; the security rules accept the three only together.
 */
export async function changeUsername(services: AdminServices, newUsername: string): Promise<void> {
  const username = newUsername.trim();
  if (username === '') throw new Error(USERNAME_REQUIRED);
  const signedInEmail = services.auth.currentUser?.email;
  if (!signedInEmail) throw new Error(USER_NOT_AUTHENTICATED);
  if (!isValidUsername(username)) throw new Error(INVALID_USERNAME);
  const email = normalizeEmail(signedInEmail);
  const key = usernameKey(username);
  const { db } = services;

  const holder = await getDoc(usernameMappingRef(db, key));
  if (holder.exists() && holder.data().email !== email) throw new Error(USERNAME_TAKEN);

  const staff = await getDoc(staffRef(db, email));
  const oldUsername = staff.data()?.username;
  const oldKeys = new Set<string>();
  if (typeof oldUsername === 'string' && oldUsername.trim() !== '') oldKeys.add(usernameKey(oldUsername));
  const own = await findOwnUsernameMapping(services);
  if (own) oldKeys.add(own.key);
  oldKeys.delete(key);

  const batch = writeBatch(db);
  batch.update(staffRef(db, email), { username });
  batch.set(usernameMappingRef(db, key), { username, email });
  for (const oldKey of oldKeys) {
    const old = await getDoc(usernameMappingRef(db, oldKey));
    if (old.exists() && old.data().email === email) batch.delete(usernameMappingRef(db, oldKey));
  }
  try {
    await batch.commit();
  } catch (error) {
    // Lost a race: another member created the mapping between our check and our commit.
    const now = await getDoc(usernameMappingRef(db, key)).catch(() => null);
    if (now?.exists() && now.data().email !== email) throw new Error(USERNAME_TAKEN, { cause: error });
    throw error;
  }
}
