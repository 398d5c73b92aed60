// Sets the production password policy on the Auth project (Identity Platform project config), the same
// rule the panel and the changePassword function check: at least PASSWORD_MIN_LENGTH characters with a
// lower-case letter, an upper-case letter, a digit and a non-alphanumeric character. Enforced at sign-up
// and password change, and existing users with a weaker password must upgrade at their next sign-in.
// Usage: pnpm auth:policy --project <id>   (Application Default Credentials of a project Admin)
// The Auth emulator neither stores nor enforces this policy; the functions check it themselves.
import { PASSWORD_MIN_LENGTH } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { project: { type: 'string' } } });
if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  console.error('The Auth emulator does not support a password policy: run this against a real project.');
  process.exit(2);
}
const { auth } = adminSdk(values.project);
const config = await auth.projectConfigManager().updateProjectConfig({
  passwordPolicyConfig: {
    enforcementState: 'ENFORCE',
    forceUpgradeOnSignin: true,
    constraints: {
      minLength: PASSWORD_MIN_LENGTH,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: true,
    },
  },
});
console.log('Password policy set:', JSON.stringify(config.passwordPolicyConfig));
