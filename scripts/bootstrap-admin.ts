// Creates the first Admin: Auth user, staff/{email} bound to that account with roles ["Admin"], the
// username mapping, and an audit entry.
// Usage: pnpm admin:bootstrap --email ops@example.com --username ops [--reset-password] [--project my-project]
// Against the emulators when FIREBASE_AUTH_EMULATOR_HOST/FIRESTORE_EMULATOR_HOST are set; otherwise a
// real project through Application Default Credentials. Running it twice changes nothing.
// It never adopts an account someone else created: an existing Auth account for the address that is not
// already this Admin is refused, unless --reset-password says to take it over (new one-time password,
// every session revoked).
import { COLLECTIONS } from '@silk/schema/constants';
import { generateOneTimePassword } from '@silk/schema/password';
import { ADMIN_ROLE, canManageTeam } from '@silk/schema/roles';
import { parseStaffRecord } from '@silk/schema/staff-record';
import { isValidTeamEmail, isValidUsername, normalizeEmail, usernameKey } from '@silk/schema/validators';
import { adminSdk } from '@silk/stack/admin-sdk';
import { ensureStaffMember } from '@silk/stack/staff';
import type { UserRecord } from 'firebase-admin/auth';
import { FieldValue } from 'firebase-admin/firestore';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    username: { type: 'string' },
    project: { type: 'string' },
    'reset-password': { type: 'boolean', default: false },
  },
});
if (!isValidTeamEmail(values.email) || !isValidUsername(values.username)) {
  console.error(
    'Usage: pnpm admin:bootstrap --email <address> --username <3-32 letters, digits, . _ -> [--reset-password] [--project <id>]',
  );
  process.exit(2);
}
const email = normalizeEmail(values.email);
const username = values.username;
const resetPassword = values['reset-password'] === true;
const { auth, db } = adminSdk(values.project);
const staffRef = db.collection(COLLECTIONS.staff).doc(email);

async function existingAccount(): Promise<UserRecord | null> {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

async function audit(details: Record<string, unknown>): Promise<void> {
  await db.collection(COLLECTIONS.auditLog).add({
    actor: 'bootstrap',
    action: 'bootstrap',
    target: email,
    details: { username, ...details },
    at: FieldValue.serverTimestamp(),
  });
}

const usernameOwner = (await db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(username)).get()).get('email');
if (usernameOwner && usernameOwner !== email) {
  console.error(`Refused: the username ${username} belongs to ${String(usernameOwner)}. Nothing changed.`);
  process.exit(1);
}

const account = await existingAccount();
if (account) {
  const staff = parseStaffRecord((await staffRef.get()).data());
  const alreadyAdmin = staff.uid === account.uid && canManageTeam(staff.roles);
  if (alreadyAdmin && !resetPassword) {
    console.log(`${email} is already the bootstrapped Admin (account ${account.uid}). Nothing changed.`);
    process.exit(0);
  }
  if (!resetPassword) {
    console.error(
      `Refused: an Auth account for ${email} already exists (created ${account.metadata.creationTime}) and is not ` +
        'this Admin. Whoever created it knows its password, so it is not made Admin. Nothing changed. If the ' +
        'address is yours, run again with --reset-password: the account gets a new one-time password and every ' +
        'session on it is revoked.',
    );
    process.exit(1);
  }
  const password = generateOneTimePassword();
  await auth.updateUser(account.uid, { password, emailVerified: true, disabled: false });
  await auth.revokeRefreshTokens(account.uid);
  await ensureStaffMember(auth, db, { email, username, roles: [ADMIN_ROLE], password, mustChangePassword: true });
  await staffRef.update({ roles: FieldValue.arrayUnion(ADMIN_ROLE), mustChangePassword: true, disabled: false });
  await audit({ resetPassword: true });
  console.log(
    `Took over the existing account of ${email} as Admin: its password was replaced and every session revoked. ` +
      `One-time password (shown once): ${password}`,
  );
  console.log('Sign in with it: the panel asks for a new password before it opens.');
} else {
  const password = generateOneTimePassword();
  await ensureStaffMember(auth, db, { email, username, roles: [ADMIN_ROLE], password, mustChangePassword: true });
  await audit({ resetPassword: false });
  console.log(`Created Admin ${username} <${email}>. One-time password (shown once): ${password}`);
  console.log('Sign in with it: the panel asks for a new password before it opens.');
}
