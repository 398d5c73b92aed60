// `pnpm admin:bootstrap` against the emulators: creates the Auth user, staff/{email} with roles
// ["Admin"] bound to the account and the username mapping; a second run changes nothing; bad input creates
// nothing; an account someone else registered is never adopted without --reset-password.
import { COLLECTIONS } from '@silk/schema/constants';
import { usernameKey } from '@silk/schema/validators';
import { adminSdk } from '@silk/stack/admin-sdk';
import { ROOT } from '@silk/stack/stack';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
    expect(staff.data()).toMatchObject({ uid: user.uid, username, roles: ['Admin'], mustChangePassword: true, createdBy: 'bootstrap' });
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

  it('refuses an existing self-registered account: non-zero exit, nothing changed', { timeout: 60_000 }, async () => {
    const email = `squatter-${suffix()}@bootstrap.test`;
    const ownPassword = 'Squat-9-password';
    const squatter = await registerOnOwn(email, ownPassword);
    const result = bootstrap('--email', email, '--username', `Sq_${suffix()}`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Refused');
    expect(result.stderr).toContain('--reset-password');
    expect((await db.collection(COLLECTIONS.staff).doc(email).get()).exists).toBe(false);
    const after = await auth.getUserByEmail(email);
    expect(after.tokensValidAfterTime).toBe(squatter.tokensValidAfterTime);
    expect(after.emailVerified).toBe(false);
    expect(await signIn(email, ownPassword)).toBe(true);
  });

  it('--reset-password takes the account over: the old password stops working, sessions revoked', { timeout: 60_000 }, async () => {
    const email = `takeover-${suffix()}@bootstrap.test`;
    const ownPassword = 'Squat-9-password';
    const before = await registerOnOwn(email, ownPassword);
    // tokensValidAfterTime has whole seconds: the revocation must fall in a later second than the account's creation.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const username = `Tk_${suffix()}`;
    const result = bootstrap('--email', email, '--username', username, '--reset-password');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('every session revoked');
    const password = /One-time password \(shown once\): (\S+)/.exec(result.stdout)?.[1];
    expect(await signIn(email, ownPassword)).toBe(false);
    expect(await signIn(email, password!)).toBe(true);
    const after = await auth.getUserByEmail(email);
    expect(after.uid).toBe(before.uid);
    expect(after.emailVerified).toBe(true);
    expect(after.tokensValidAfterTime).not.toBe(before.tokensValidAfterTime);
    const staff = (await db.collection(COLLECTIONS.staff).doc(email).get()).data();
    expect(staff).toMatchObject({ uid: before.uid, roles: ['Admin'], mustChangePassword: true });
    const entries = await db.collection(COLLECTIONS.auditLog).where('target', '==', email).get();
    expect(entries.docs.map((entry) => entry.get('action'))).toContain('bootstrap');
  });
});

/** An account registered by someone on their own through the Auth REST API (unverified). */
async function registerOnOwn(email: string, password: string) {
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) },
  );
  expect(response.ok).toBe(true);
  return auth.getUserByEmail(email);
}
