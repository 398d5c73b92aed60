// Seeds the running emulators: an Admin and a Staff account (credentials printed once) and realistic
// waitlist signups. Usage: pnpm seed [--signups N]   (needs FIRESTORE_EMULATOR_HOST and
// FIREBASE_AUTH_EMULATOR_HOST, which `pnpm dev` sets).
import { COLLECTIONS } from '@silk/schema/constants';
import { generateOneTimePassword } from '@silk/schema/password';
import type { Role } from '@silk/schema/roles';
import { adminSdk } from '@silk/stack/admin-sdk';
import { makeSignups } from '@silk/stack/seed-data';
import { ensureStaffMember } from '@silk/stack/staff';
import { parseArgs } from 'node:util';

export const SEED_ACCOUNTS: { email: string; username: string; roles: Role[] }[] = [
  { email: 'admin@silk.test', username: 'admin', roles: ['Admin', 'Chief Technology Officer'] },
  { email: 'staff@silk.test', username: 'staff', roles: ['Staff'] },
];

export interface SeededAccount {
  email: string;
  username: string;
  password: string;
}

export async function seed(signupCount: number): Promise<SeededAccount[]> {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error(
      'Refusing to seed: FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST must point at the emulators.',
    );
  }
  const { auth, db } = adminSdk();
  const credentials: SeededAccount[] = [];
  for (const account of SEED_ACCOUNTS) {
    const password = generateOneTimePassword();
    const { created } = await ensureStaffMember(auth, db, { ...account, password });
    if (!created) await auth.updateUser((await auth.getUserByEmail(account.email)).uid, { password });
    credentials.push({ email: account.email, username: account.username, password });
  }
  const signups = makeSignups(signupCount);
  for (let start = 0; start < signups.length; start += 400) {
    const batch = db.batch();
    for (const signup of signups.slice(start, start + 400)) {
      batch.set(db.collection(COLLECTIONS.waitlistSignups).doc(signup.email), signup, { merge: true });
    }
    await batch.commit();
  }
  return credentials;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { signups: { type: 'string', default: '320' } } });
  const credentials = await seed(Number(values.signups));
  console.log(`\nSeeded ${values.signups} waitlist signups and these staff accounts (shown once):`);
  for (const account of credentials) {
    console.log(`  ${account.username.padEnd(6)} ${account.email.padEnd(18)} password: ${account.password}`);
  }
}
