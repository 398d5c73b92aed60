// `pnpm admin:bootstrap` against the emulators: creates the Auth user, staff/{email} with roles
// ["Admin"] and the username mapping; a second run changes nothing; bad input creates nothing.
import { COLLECTIONS } from '@silk/schema/constants';
import { usernameKey } from '@silk/schema/validators';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminSdk } from './lib/admin-sdk';
import { ROOT } from './lib/stack';

const { auth, db } = adminSdk();

function bootstrap(...args: string[]) {
  const result = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'bootstrap-admin.ts'), ...args], {
    cwd: ROOT,
    env: process.env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function signIn(email: string, password: string): Promise<boolean> {
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password, returnSecureToken: true }) },
  );
  return response.ok;
}

async function userExists(email: string): Promise<boolean> {
  return auth.getUserByEmail(email).then(
    () => true,
    (error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return false;
      throw error;
    },
  );
}

const suffix = () => randomBytes(4).toString('hex');

describe('pnpm admin:bootstrap', () => {
  it('creates the first Admin once; running it again changes nothing', { timeout: 120_000 }, async () => {
    const email = `ops-${suffix()}@bootstrap.test`;
    const username = `Ops_${suffix()}`;

    const first = bootstrap('--email', email, '--username', username);
    expect(first.status, first.stderr).toBe(0);
    const password = /One-time password \(shown once\): (\S+)/.exec(first.stdout)?.[1];
    expect(password).toBeTruthy();

    const user = await auth.getUserByEmail(email);
    const staff = await db.collection(COLLECTIONS.staff).doc(email).get();
    expect(staff.data()).toMatchObject({ username, roles: ['Admin'], mustChangePassword: true, createdBy: 'bootstrap' });
    const mapping = await db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(username)).get();
    expect(mapping.data()).toEqual({ username, email });
    expect(await signIn(email, password!)).toBe(true);

    const second = bootstrap('--email', email, '--username', username);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain('Nothing changed');
    expect(second.stdout).not.toContain('One-time password');
    const userAfter = await auth.getUserByEmail(email);
    expect(userAfter.uid).toBe(user.uid);
    expect(userAfter.tokensValidAfterTime).toBe(user.tokensValidAfterTime);
    expect((await db.collection(COLLECTIONS.staff).doc(email).get()).data()).toEqual(staff.data());
    expect((await db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(username)).get()).data()).toEqual(mapping.data());
    expect(await signIn(email, password!)).toBe(true); // the password was not reset
  });

  it('refuses bad arguments (exit 2) and creates nothing', { timeout: 60_000 }, async () => {
    const email = `bad-${suffix()}@bootstrap.test`;
    const result = bootstrap('--email', email, '--username', 'a@b');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage');
    expect(await userExists(email)).toBe(false);
  });

  it('refuses a username that belongs to someone else, creating no Auth user', { timeout: 60_000 }, async () => {
    const username = `taken_${suffix()}`;
    const owner = `owner-${suffix()}@bootstrap.test`;
    expect(bootstrap('--email', owner, '--username', username).status).toBe(0);
    const intruder = `intruder-${suffix()}@bootstrap.test`;
    const result = bootstrap('--email', intruder, '--username', username);
    expect(result.status).not.toBe(0);
    expect(await userExists(intruder)).toBe(false);
    expect((await db.collection(COLLECTIONS.staff).doc(intruder).get()).exists).toBe(false);
    expect((await db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(username)).get()).get('email')).toBe(owner);
  });
});
