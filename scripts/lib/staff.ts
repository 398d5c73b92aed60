// Creates a staff member (Auth user, staff document, username mapping) idempotently.
import { COLLECTIONS } from '@silk/schema/constants';
import { normalizeEmail, usernameKey } from '@silk/schema/validators';
import { randomInt } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

export interface StaffMemberInput {
  email: string;
  username: string;
  roles: string[];
  /** Used only when the Auth user does not exist yet. */
  password: string;
  /** The member must choose a new password at first sign-in. */
  mustChangePassword?: boolean;
}

export interface StaffMemberResult {
  created: boolean;
  uid: string;
}

export async function ensureStaffMember(
  auth: Auth,
  db: Firestore,
  input: StaffMemberInput,
): Promise<StaffMemberResult> {
  const email = normalizeEmail(input.email);
  // Refuse a username owned by someone else before creating anything (else an Auth user would be left
  // behind whose one-time password was never shown).
  const owner = (await db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(input.username)).get()).get('email');
  if (owner && owner !== email) throw new Error(`The username ${input.username} belongs to ${String(owner)}.`);
  let created = false;
  let uid: string;
  // Staff are matched by verified e-mail (firestore.rules, functions): whoever runs this vouches for it.
  try {
    const existing = await auth.getUserByEmail(email);
    uid = existing.uid;
    if (!existing.emailVerified) await auth.updateUser(uid, { emailVerified: true });
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    uid = (await auth.createUser({ email, emailVerified: true, password: input.password, displayName: input.username }))
      .uid;
    created = true;
  }
  const staffRef = db.collection(COLLECTIONS.staff).doc(email);
  const mappingRef = db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(input.username));
  await db.runTransaction(async (transaction) => {
    const [staff, mapping] = await Promise.all([transaction.get(staffRef), transaction.get(mappingRef)]);
    const mappingOwner = mapping.exists ? (mapping.get('email') as string) : undefined;
    if (mappingOwner && mappingOwner !== email) {
      throw new Error(`The username ${input.username} belongs to ${mappingOwner}.`);
    }
    if (!staff.exists) {
      transaction.set(staffRef, {
        username: input.username,
        roles: input.roles,
        mustChangePassword: input.mustChangePassword ?? false,
        createdAt: FieldValue.serverTimestamp(),
        createdBy: 'bootstrap',
      });
    }
    if (!mapping.exists) transaction.set(mappingRef, { username: input.username, email });
  });
  return { created, uid };
}

/** A strong random password meeting the SPEC §5 policy. */
export function randomPassword(length = 16): string {
  const sets = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#$%&*+-=?@^_'];
  const all = sets.join('');
  const chars = sets.map((set) => set[randomInt(set.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
