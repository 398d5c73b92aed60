// Signups written before edit keys were stored as hashes hold the plain key (`editKey`), which anyone who
// reads the signup (every member of staff, the recent copy, the panel's browser copy) could name to
// rewrite the visitor's feedback. Server code replaces it with its hash (`editKeyHash`, the only form
// firestore.rules accepts; @silk/schema/edit-key): the signup trigger for a signup written while it
// holds one (in its one stamping transaction, server-stamps.ts), the 6-hourly maintenance for every other. The change stamps `updatedAt`, so the recent copy
// and the open panels' copies are rewritten without the key.
import { COLLECTIONS } from '@silk/schema/constants';
import { hashEditKey } from '@silk/schema/edit-key';
import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { signupChange } from '../shared/signup-change';

/** The field that held the plain key: no writer sets it any more. */
export const PLAIN_EDIT_KEY_FIELD = 'editKey';

export function holdsPlainEditKey(data: DocumentData | undefined): boolean {
  return data !== undefined && PLAIN_EDIT_KEY_FIELD in data;
}

/**
 * The fields that replace a plain edit key by its hash (a hash stored already is kept: it is the newer
 * key); none when the signup holds no plain key.
 */
export async function plainKeyUpdate(data: DocumentData | undefined): Promise<Record<string, unknown>> {
  if (!holdsPlainEditKey(data)) return {};
  const key: unknown = data?.[PLAIN_EDIT_KEY_FIELD];
  const hash =
    typeof data?.editKeyHash !== 'string' && typeof key === 'string' ? await hashEditKey(key) : null;
  return { [PLAIN_EDIT_KEY_FIELD]: FieldValue.delete(), ...(hash === null ? {} : { editKeyHash: hash }) };
}

/** Replaces the signup's plain edit key by its hash, in one transaction. Answers whether there was a key to replace. */
export async function hashPlainEditKey(db: Firestore, id: string): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.waitlistSignups).doc(id);
  return db.runTransaction(async (transaction) => {
    const update = await plainKeyUpdate((await transaction.get(ref)).data());
    if (Object.keys(update).length === 0) return false;
    transaction.update(ref, signupChange(update));
    return true;
  });
}

/** Every signup still holding a plain key gets its hash instead; answers how many were changed. */
export async function hashPlainEditKeys(db: Firestore): Promise<number> {
  const holding = await db
    .collection(COLLECTIONS.waitlistSignups)
    .orderBy(PLAIN_EDIT_KEY_FIELD)
    .select()
    .get();
  let changed = 0;
  for (const signup of holding.docs) if (await hashPlainEditKey(db, signup.id)) changed += 1;
  return changed;
}
