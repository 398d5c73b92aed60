// Creates the first Admin: Auth user, staff/{email} with roles ["Admin"], username mapping.
// Usage: pnpm admin:bootstrap --email ops@example.com --username ops [--project my-project]
// Against the emulators when FIREBASE_AUTH_EMULATOR_HOST/FIRESTORE_EMULATOR_HOST are set; otherwise a
// real project through Application Default Credentials. Running it twice changes nothing.
import { ADMIN_ROLE } from '@silk/schema/roles';
import { isValidTeamEmail, isValidUsername } from '@silk/schema/validators';
import { parseArgs } from 'node:util';
import { adminSdk } from './lib/admin-sdk';
import { ensureStaffMember, randomPassword } from './lib/staff';

const { values } = parseArgs({
  options: { email: { type: 'string' }, username: { type: 'string' }, project: { type: 'string' } },
});
if (!isValidTeamEmail(values.email) || !isValidUsername(values.username)) {
  console.error('Usage: pnpm admin:bootstrap --email <address> --username <3-32 letters, digits, . _ -> [--project <id>]');
  process.exit(2);
}
const { auth, db } = adminSdk(values.project);
const password = randomPassword();
const { created } = await ensureStaffMember(auth, db, {
  email: values.email,
  username: values.username,
  roles: [ADMIN_ROLE],
  password,
  mustChangePassword: true,
});
if (created) {
  console.log(`Created Admin ${values.username} <${values.email}>. One-time password (shown once): ${password}`);
  console.log('Sign in with it: the panel asks for a new password before it opens.');
} else {
  console.log(`${values.email} already exists; its staff record and username mapping are in place. Nothing changed.`);
}
