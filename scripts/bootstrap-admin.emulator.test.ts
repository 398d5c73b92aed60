// `pnpm admin:bootstrap` against the emulators: creates the Auth user, staff/{email} with roles
// ["Admin"] bound to the account and the username mapping; a second run changes nothing; bad input creates
// nothing; an account someone else registered is never adopted without --reset-password, not even one
// registered while the script runs; a leftover record without an account is refused, or replaced whole
// with --replace-record; the output says what was done.
import { COLLECTIONS } from '@silk/schema/constants';
import { usernameKey } from '@silk/schema/validators';
import type { Auth } from 'firebase-admin/auth';
import { adminSdk } from '@silk/stack/admin-sdk';
import { passwordSignIn } from '@silk/stack/auth-emulator';
import { ROOT } from '@silk/stack/stack';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bootstrapAdmin } from './lib/bootstrap-admin';

const { auth, db } = adminSdk();

function bootstrap(...args: string[]) {
  const result = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    [join(ROOT, 'scripts', 'bootstrap-admin.ts'), ...args],
    {
      cwd: ROOT,
      env: process.env,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function signIn(email: string, password: string): Promise<boolean> {
  return (await passwordSignIn(email, password)).ok;
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

const staffDoc = (email: string) => db.collection(COLLECTIONS.staff).doc(email);
const mappingDoc = (username: string) =>
  db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(username));
/** The one-time password the script printed. */
const oneTimePassword = (stdout: string) => /One-time password \(shown once\): (\S+)/.exec(stdout)?.[1];

/** An account registered by someone on their own through the Auth REST API (unverified). */
async function registerOnOwn(email: string, password: string) {
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    },
  );
  expect(response.ok).toBe(true);
  return auth.getUserByEmail(email);
}

/** The password of the accounts registered on their own. */
const OWN_PASSWORD = 'Squat-9-password';

/** A fresh address with an account registered on its own (password OWN_PASSWORD). */
async function ownAccount(tag: string) {
  const email = `${tag}-${suffix()}@bootstrap.test`;
  return { email, account: await registerOnOwn(email, OWN_PASSWORD) };
}

/** The account registered on its own is as it was (unverified, its password works) and has no staff record. */
async function expectOwnAccountUntouched(email: string, password: string) {
  expect((await staffDoc(email).get()).exists).toBe(false);
  const account = await auth.getUserByEmail(email);
  expect(account.emailVerified).toBe(false);
  expect(await signIn(email, password)).toBe(true);
  return account;
}

/** Runs the script and expects it to succeed (showing its stderr when it does not). */
function bootstrapOk(...args: string[]) {
  const result = bootstrap(...args);
  expect(result.status, result.stderr).toBe(0);
  return result;
}

describe('pnpm admin:bootstrap', () => {
  it('creates the first Admin once; running it again changes nothing', { timeout: 120_000 }, async () => {
    const email = `ops-${suffix()}@bootstrap.test`;
    const username = `Ops_${suffix()}`;

    const first = bootstrapOk('--email', email, '--username', username);
    const password = oneTimePassword(first.stdout);
    expect(password).toBeTruthy();

    const user = await auth.getUserByEmail(email);
    const staff = await staffDoc(email).get();
    expect(staff.data()).toMatchObject({
      uid: user.uid,
      username,
      roles: ['Admin'],
      mustChangePassword: true,
      createdBy: 'bootstrap',
    });
    const mapping = await mappingDoc(username).get();
    expect(mapping.data()).toEqual({ username, email });
    expect(await signIn(email, password!)).toBe(true);

    const second = bootstrapOk('--email', email, '--username', username);
    expect(second.stdout).toContain('Nothing changed');
    expect(second.stdout).not.toContain('One-time password');
    const userAfter = await auth.getUserByEmail(email);
    expect(userAfter.uid).toBe(user.uid);
    expect(userAfter.tokensValidAfterTime).toBe(user.tokensValidAfterTime);
    expect((await staffDoc(email).get()).data()).toEqual(staff.data());
    expect((await mappingDoc(username).get()).data()).toEqual(mapping.data());
    expect(await signIn(email, password!)).toBe(true); // the password was not reset
  });

  it('refuses bad arguments (exit 2) and creates nothing', { timeout: 60_000 }, async () => {
    const email = `bad-${suffix()}@bootstrap.test`;
    const result = bootstrap('--email', email, '--username', 'a@b');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage');
    expect(await userExists(email)).toBe(false);
  });

  it(
    'refuses a username that belongs to someone else, creating no Auth user',
    { timeout: 60_000 },
    async () => {
      const username = `taken_${suffix()}`;
      const owner = `owner-${suffix()}@bootstrap.test`;
      expect(bootstrap('--email', owner, '--username', username).status).toBe(0);
      const intruder = `intruder-${suffix()}@bootstrap.test`;
      const result = bootstrap('--email', intruder, '--username', username);
      expect(result.status).not.toBe(0);
      expect(await userExists(intruder)).toBe(false);
      expect((await staffDoc(intruder).get()).exists).toBe(false);
      expect((await mappingDoc(username).get()).get('email')).toBe(owner);
    },
  );

  it(
    'refuses an existing self-registered account: non-zero exit, nothing changed',
    { timeout: 60_000 },
    async () => {
      const { email, account: squatter } = await ownAccount('squatter');
      const result = bootstrap('--email', email, '--username', `Sq_${suffix()}`);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Refused');
      expect(result.stderr).toContain('--reset-password');
      const after = await expectOwnAccountUntouched(email, OWN_PASSWORD);
      expect(after.tokensValidAfterTime).toBe(squatter.tokensValidAfterTime);
    },
  );

  it(
    '--reset-password takes the account over: the old password stops working, sessions revoked',
    { timeout: 60_000 },
    async () => {
      const { email, account: before } = await ownAccount('takeover');
      // tokensValidAfterTime has whole seconds: the revocation must fall in a later second than the account's creation.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const username = `Tk_${suffix()}`;
      const result = bootstrapOk('--email', email, '--username', username, '--reset-password');
      expect(result.stdout).toContain('every session revoked');
      const password = oneTimePassword(result.stdout);
      expect(await signIn(email, OWN_PASSWORD)).toBe(false);
      expect(await signIn(email, password!)).toBe(true);
      const after = await auth.getUserByEmail(email);
      expect(after.uid).toBe(before.uid);
      expect(after.emailVerified).toBe(true);
      expect(after.tokensValidAfterTime).not.toBe(before.tokensValidAfterTime);
      const staff = (await staffDoc(email).get()).data();
      expect(staff).toMatchObject({ uid: before.uid, roles: ['Admin'], mustChangePassword: true });
      const entries = await db.collection(COLLECTIONS.auditLog).where('target', '==', email).get();
      expect(entries.docs.map((entry) => entry.get('action'))).toContain('bootstrap');
    },
  );
});

describe('pnpm admin:bootstrap: binding and leftovers', () => {
  it('says exactly what it created', { timeout: 60_000 }, async () => {
    const email = `said-${suffix()}@bootstrap.test`;
    const username = `Said_${suffix()}`;
    const result = bootstrapOk('--email', email, '--username', username);
    const uid = (await auth.getUserByEmail(email)).uid;
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      `Created Admin ${username} <${email}>: a new Auth account (${uid}) with a one-time password.`,
    );
    expect(lines[1]).toBe('A new staff record with the role Admin was written.');
    expect(lines[2]).toMatch(/^One-time password \(shown once\): \S+$/);
  });

  it(
    'never adopts an account registered while it runs: refused, the account untouched, no record',
    { timeout: 60_000 },
    async () => {
      const email = `race-${suffix()}@bootstrap.test`;
      // The registration lands between the script's look-up (no account yet) and its own account creation.
      const racing = new Proxy(auth, {
        get(target, property, receiver) {
          if (property === 'createUser') {
            return async (properties: Parameters<Auth['createUser']>[0]) => {
              await registerOnOwn(email, OWN_PASSWORD);
              return target.createUser(properties);
            };
          }
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
      const result = await bootstrapAdmin(
        { auth: racing, db },
        { email, username: `Race_${suffix()}`, resetPassword: false, replaceRecord: false },
      );
      expect(result.code).toBe(1);
      expect(result.lines.join('\n')).toContain(
        `Refused: an Auth account for ${email} was registered while the script ran.`,
      );
      await expectOwnAccountUntouched(email, OWN_PASSWORD);
    },
  );

  it(
    'refuses a leftover staff record without an account; --replace-record replaces it whole, and says so',
    { timeout: 90_000 },
    async () => {
      const email = `leftover-${suffix()}@bootstrap.test`;
      const oldName = `Old_${suffix()}`;
      const leftover = {
        uid: 'uid-of-a-deleted-account',
        username: oldName,
        roles: ['Director', 'Admin'],
        disabled: true,
        mustChangePassword: false,
        createdBy: 'someone@silk.travel',
      };
      await staffDoc(email).set(leftover);
      await mappingDoc(oldName).set({ username: oldName, email });
      const username = `New_${suffix()}`;

      const refusedRun = bootstrap('--email', email, '--username', username);
      expect(refusedRun.status).toBe(1);
      expect(refusedRun.stderr).toContain(`Refused: staff/${email} exists without an Auth account`);
      expect(refusedRun.stderr).toContain('roles Director, Admin; disabled');
      expect(refusedRun.stderr).toContain('--replace-record');
      expect(refusedRun.stdout).not.toContain('Created Admin');
      expect(await userExists(email)).toBe(false);
      expect((await staffDoc(email).get()).data()).toEqual(leftover);

      const replaced = bootstrapOk('--email', email, '--username', username, '--replace-record');
      const uid = (await auth.getUserByEmail(email)).uid;
      expect(replaced.stdout).toContain(`Created Admin ${username} <${email}>: a new Auth account (${uid})`);
      expect(replaced.stdout).toContain(
        `Its previous staff record (roles Director, Admin; disabled; bound to account uid-of-a-deleted-account, which is not this one; username ${oldName}) was replaced by a new Admin record; none of its roles or flags were kept.`,
      );
      const record = (await staffDoc(email).get()).data();
      expect(record).toMatchObject({
        uid,
        username,
        roles: ['Admin'],
        mustChangePassword: true,
        createdBy: 'bootstrap',
      });
      expect(record).not.toHaveProperty('disabled');
      expect((await mappingDoc(oldName).get()).exists).toBe(false);
      expect((await mappingDoc(username).get()).get('email')).toBe(email);
      const password = oneTimePassword(replaced.stdout);
      expect(await signIn(email, password!)).toBe(true);
    },
  );

  it(
    '--reset-password replaces a record of other roles and flags too, naming them',
    { timeout: 60_000 },
    async () => {
      const { email, account } = await ownAccount('flags');
      await staffDoc(email).set({ uid: account.uid, username: 'flagged', roles: ['Staff'], disabled: true });
      const result = bootstrapOk('--email', email, '--username', `Fl_${suffix()}`, '--reset-password');
      expect(result.stdout).toContain(
        'Its previous staff record (roles Staff; disabled; username flagged) was replaced',
      );
      const record = (await staffDoc(email).get()).data();
      expect(record).toMatchObject({ uid: account.uid, roles: ['Admin'], mustChangePassword: true });
      expect(record).not.toHaveProperty('disabled');
    },
  );
});
