// Creates a staff member (Auth user, staff document, username mapping) idempotently.
import { COLLECTIONS } from '@silk/schema/constants';
import type { Role } from '@silk/schema/roles';
import { BOOTSTRAP_CREATOR, parseStaffRecord, staffRecordData } from '@silk/schema/staff-record';
import { normalizeEmail, usernameKey } from '@silk/schema/validators';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

export interface StaffMemberInput {
  email: string;
  username: string;
  roles: readonly Role[];
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
  const owner = (
    await db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(input.username)).get()
  ).get('email');
  if (owner && owner !== email)
    throw new Error(`The username ${input.username} belongs to ${String(owner)}.`);
  let created = false;
  let uid: string;
  // Staff are matched by verified e-mail (firestore.rules, functions): whoever runs this vouches for it.
  try {
    const existing = await auth.getUserByEmail(email);
    uid = existing.uid;
    if (!existing.emailVerified) await auth.updateUser(uid, { emailVerified: true });
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    uid = (
      await auth.createUser({
        email,
        emailVerified: true,
        password: input.password,
        displayName: input.username,
      })
    ).uid;
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
      const record = {
        uid,
        username: input.username,
        roles: input.roles,
        mustChangePassword: input.mustChangePassword ?? false,
        createdBy: BOOTSTRAP_CREATOR,
      };
      transaction.set(staffRef, staffRecordData(record, FieldValue.serverTimestamp()));
    } else if (parseStaffRecord(staff.data()).uid !== uid) {
      // Staff access is bound to the account: whoever runs this vouches that the record is this account's.
      transaction.update(staffRef, { uid });
    }
    if (!mapping.exists) transaction.set(mappingRef, { username: input.username, email });
  });
  return { created, uid };
}
