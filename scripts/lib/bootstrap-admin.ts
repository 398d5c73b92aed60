// What `pnpm admin:bootstrap` does (scripts/bootstrap-admin.ts is its command line): make `email` the
// team's Admin, bound to its own Auth account, and say exactly what was done.
//
//   - No Auth account: one is created with a one-time password. Creating it is the binding step: the
//     Auth service refuses a second account for the address, so an account someone registers while the
//     script runs is never adopted (the script stops, nothing of ours is left).
//   - An Auth account exists: already this Admin → nothing changes; otherwise refused (whoever created it
//     knows its password), unless --reset-password takes it over (new one-time password, sessions revoked).
//   - A staff record without an Auth account (a leftover): refused, unless --replace-record.
// Whenever the script writes the record, it writes a whole new Admin record in a transaction that fails
// if the record or the username changed since they were read: no earlier role or flag survives, and the
// output names what the replaced record held.
import { COLLECTIONS } from '@silk/schema/constants';
import { generateOneTimePassword } from '@silk/schema/password';
import { ADMIN_ROLE, canManageTeam } from '@silk/schema/roles';
import { BOOTSTRAP_CREATOR, parseStaffRecord, staffRecordData, type StaffRecord } from '@silk/schema/staff-record';
import { usernameKey } from '@silk/schema/validators';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { FieldValue, type Firestore, type Timestamp } from 'firebase-admin/firestore';

export interface BootstrapServices {
  auth: Auth;
  db: Firestore;
}

export interface BootstrapOptions {
  /** Normalised. */
  email: string;
  username: string;
  resetPassword: boolean;
  replaceRecord: boolean;
}

export interface BootstrapResult {
  /** 0: done or nothing to do; 1: refused, nothing changed. */
  code: 0 | 1;
  /** Lines for stdout (code 0) or stderr (code 1). */
  lines: string[];
}

/** The record's state as read, so a write can insist nothing changed since. */
interface SeenRecord {
  record: StaffRecord | null;
  updateTime: Timestamp | null;
}

class Conflict extends Error {}

const refused = (...lines: string[]): BootstrapResult => ({ code: 1, lines });

/** A record's roles and flags in words ("roles Director, Admin; disabled; username ana"). */
export function describeRecord(record: StaffRecord, accountUid: string | null): string {
  const parts = [`roles ${record.roles.length > 0 ? record.roles.join(', ') : 'none'}`];
  if (record.disabled) parts.push('disabled');
  if (record.mustChangePassword) parts.push('on a one-time password');
  if (record.uid === null) parts.push('bound to no account');
  else if (record.uid !== accountUid) parts.push(`bound to account ${record.uid}, which is not this one`);
  if (record.username) parts.push(`username ${record.username}`);
  return parts.join('; ');
}

async function accountOf(auth: Auth, email: string): Promise<UserRecord | null> {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * Writes staff/{email} as a new Admin record of `uid` with its username mapping, replacing whatever the
 * record held; throws Conflict if the record changed since `seen` or the username is someone else's.
 */
async function writeAdminRecord(
  db: Firestore,
  options: BootstrapOptions,
  uid: string,
  seen: SeenRecord,
): Promise<void> {
  const staffRef = db.collection(COLLECTIONS.staff).doc(options.email);
  const mappingRef = db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(options.username));
  const oldName = seen.record?.username ?? '';
  const oldMappingRef =
    oldName && usernameKey(oldName) !== usernameKey(options.username)
      ? db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(oldName))
      : null;
  await db.runTransaction(async (transaction) => {
    const staff = await transaction.get(staffRef);
    const mapping = await transaction.get(mappingRef);
    const oldMapping = oldMappingRef ? await transaction.get(oldMappingRef) : null;
    const unchanged = seen.updateTime
      ? staff.exists && staff.updateTime?.isEqual(seen.updateTime) === true
      : !staff.exists;
    if (!unchanged) throw new Conflict(`staff/${options.email} changed while the script ran`);
    const owner = mapping.get('email') as unknown;
    if (mapping.exists && owner !== options.email) {
      throw new Conflict(`the username ${options.username} was taken by ${String(owner)} while the script ran`);
    }
    transaction.set(
      staffRef,
      staffRecordData(
        { uid, username: options.username, roles: [ADMIN_ROLE], mustChangePassword: true, createdBy: BOOTSTRAP_CREATOR },
        FieldValue.serverTimestamp(),
      ),
    );
    transaction.set(mappingRef, { username: options.username, email: options.email });
    if (oldMappingRef && oldMapping?.get('email') === options.email) transaction.delete(oldMappingRef);
  });
}

async function audit(db: Firestore, options: BootstrapOptions, details: Record<string, unknown>): Promise<void> {
  await db.collection(COLLECTIONS.auditLog).add({
    actor: BOOTSTRAP_CREATOR,
    action: 'bootstrap',
    target: options.email,
    details: { username: options.username, ...details },
    at: FieldValue.serverTimestamp(),
  });
}

function recordLine(seen: SeenRecord, uid: string): string {
  return seen.record
    ? `Its previous staff record (${describeRecord(seen.record, uid)}) was replaced by a new Admin record; none of its roles or flags were kept.`
    : 'A new staff record with the role Admin was written.';
}

const PASSWORD_LINES = (password: string) => [
  `One-time password (shown once): ${password}`,
  'Sign in with it: the panel asks for a new password before it opens.',
];

export async function bootstrapAdmin(
  { auth, db }: BootstrapServices,
  options: BootstrapOptions,
  newPassword: () => string = generateOneTimePassword,
): Promise<BootstrapResult> {
  const { email, username } = options;
  const usernameOwner = (await db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(username)).get()).get(
    'email',
  ) as unknown;
  if (usernameOwner && usernameOwner !== email) {
    return refused(`Refused: the username ${username} belongs to ${String(usernameOwner)}. Nothing changed.`);
  }
  const snapshot = await db.collection(COLLECTIONS.staff).doc(email).get();
  const seen: SeenRecord = {
    record: snapshot.exists ? parseStaffRecord(snapshot.data()) : null,
    updateTime: snapshot.exists ? (snapshot.updateTime ?? null) : null,
  };
  const account = await accountOf(auth, email);

  if (account) {
    const record = seen.record;
    const alreadyAdmin =
      record !== null &&
      record.uid === account.uid &&
      canManageTeam(record.roles) &&
      !record.disabled &&
      !account.disabled;
    if (!options.resetPassword) {
      if (alreadyAdmin) {
        return { code: 0, lines: [`${email} is already the bootstrapped Admin (account ${account.uid}). Nothing changed.`] };
      }
      return refused(
        `Refused: an Auth account for ${email} already exists (created ${account.metadata.creationTime}) and is not ` +
          'this Admin. Whoever created it knows its password, so it is not made Admin. Nothing changed. If the ' +
          'address is yours, run again with --reset-password: the account gets a new one-time password and every ' +
          'session on it is revoked.',
      );
    }
    const password = newPassword();
    await auth.updateUser(account.uid, { password, emailVerified: true, disabled: false });
    await auth.revokeRefreshTokens(account.uid);
    try {
      await writeAdminRecord(db, options, account.uid, seen);
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
      return refused(
        `Stopped: ${error.message}. The account of ${email} already has the new one-time password below and ` +
          'every session was revoked, but it was not made Admin. Run again with --reset-password.',
        `One-time password (shown once): ${password}`,
      );
    }
    await audit(db, options, { resetPassword: true, replacedRecord: seen.record ? describeRecord(seen.record, account.uid) : null });
    return {
      code: 0,
      lines: [
        `Took over the existing account of ${email} (${account.uid}) as Admin ${username}: its password was replaced, ` +
          'it was enabled and verified, and every session revoked.',
        recordLine(seen, account.uid),
        ...PASSWORD_LINES(password),
      ],
    };
  }

  if (seen.record && !options.replaceRecord) {
    return refused(
      `Refused: staff/${email} exists without an Auth account (a leftover record: ${describeRecord(seen.record, null)}). ` +
        'Nothing changed. Run again with --replace-record to replace it with a new Admin record (none of its roles ' +
        'or flags are kept).',
    );
  }
  const password = newPassword();
  let uid: string;
  try {
    uid = (await auth.createUser({ email, emailVerified: true, password, displayName: username })).uid;
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/email-already-exists') throw error;
    return refused(
      `Refused: an Auth account for ${email} was registered while the script ran. It is not made Admin (whoever ` +
        'registered it knows its password). Nothing changed. If the address is yours, run again with --reset-password.',
    );
  }
  try {
    await writeAdminRecord(db, options, uid, seen);
  } catch (error) {
    await auth.deleteUser(uid);
    if (!(error instanceof Conflict)) throw error;
    return refused(`Stopped: ${error.message}. The account just created was deleted again. Nothing changed.`);
  }
  await audit(db, options, { resetPassword: false, replacedRecord: seen.record ? describeRecord(seen.record, uid) : null });
  return {
    code: 0,
    lines: [
      `Created Admin ${username} <${email}>: a new Auth account (${uid}) with a one-time password.`,
      recordLine(seen, uid),
      ...PASSWORD_LINES(password),
    ],
  };
}
