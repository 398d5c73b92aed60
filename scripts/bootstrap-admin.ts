// Creates the first Admin: Auth user, staff/{email} bound to that account with roles ["Admin"], the
// username mapping, and an audit entry; prints exactly what it did (scripts/lib/bootstrap-admin.ts).
// Usage: pnpm admin:bootstrap --email ops@example.com --username ops [--reset-password] [--replace-record]
//   [--project my-project]
// Against the emulators when FIREBASE_AUTH_EMULATOR_HOST/FIRESTORE_EMULATOR_HOST are set; otherwise a
// real project through Application Default Credentials. Running it twice changes nothing.
// It never adopts an account someone else created: an existing Auth account for the address that is not
// already this Admin is refused, unless --reset-password says to take it over (new one-time password,
// every session revoked). A staff record left without an account is refused, unless --replace-record
// says to replace it (its roles and flags are not kept).
import { isValidTeamEmail, isValidUsername, normalizeEmail } from '@silk/schema/validators';
import { adminSdk } from '@silk/stack/admin-sdk';
import { parseArgs } from 'node:util';
import { bootstrapAdmin } from './lib/bootstrap-admin';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    username: { type: 'string' },
    project: { type: 'string' },
    'reset-password': { type: 'boolean', default: false },
    'replace-record': { type: 'boolean', default: false },
  },
});
if (!isValidTeamEmail(values.email) || !isValidUsername(values.username)) {
  console.error(
    'Usage: pnpm admin:bootstrap --email <address> --username <3-32 letters, digits, . _ -> [--reset-password] ' +
      '[--replace-record] [--project <id>]',
  );
  process.exit(2);
}

const result = await bootstrapAdmin(adminSdk(values.project), {
  email: normalizeEmail(values.email),
  username: values.username,
  resetPassword: values['reset-password'] === true,
  replaceRecord: values['replace-record'] === true,
});
for (const line of result.lines) (result.code === 0 ? console.log : console.error)(line);
process.exit(result.code);
