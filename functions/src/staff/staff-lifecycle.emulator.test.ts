// The staff lifecycle over HTTP against the emulators: the Team Manager's list / update / remove
// (Admin-only, 404 unknown, 409 for the last enabled Admin), their immediate effect on the member's
// tokens and sign-in, the forced password change enforced by the server, renaming, sign-in by username
// without disclosing the e-mail, and the reset request; every change audited (the anonymous reset request
// goes to the security log instead: security-log.emulator.test.ts).
import { COLLECTIONS } from '@silk/schema/constants';
import {
  AUTH_USER_DISABLED,
  AUTH_USER_NOT_FOUND,
  AUTH_WRONG_PASSWORD,
  MEMBER_NOT_FOUND,
  PASSWORD_CHANGE_REQUIRED,
  PASSWORD_POLICY,
  TEAM_ADMIN_REQUIRED,
  USERNAME_NOT_FOUND,
  USERNAME_TAKEN,
  USERNAME_UPDATED,
} from '@silk/schema/messages';
import type { AuditAction } from '@silk/schema/roles';
import { describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import {
  createStaff,
  functionUrl,
  post,
  signIn,
  uniqueEmail,
  type TestStaff,
} from '../../test-support/emulator';
import { expectLastAdminRefused, withOnlyAdmins } from '../../test-support/last-admin';

const { auth, db } = adminServices();

const asCaller = (caller: TestStaff | string, body: Record<string, unknown> = {}) => {
  const token = typeof caller === 'string' ? caller : caller.idToken;
  return { body: { token, ...body }, init: { headers: { Authorization: `Bearer ${token}` } } };
};

async function call(
  name: Parameters<typeof functionUrl>[0],
  caller: TestStaff | string,
  body: Record<string, unknown> = {},
) {
  const request = asCaller(caller, body);
  return post<{ error?: string; message?: string }>(await functionUrl(name), request.body, request.init);
}

async function auditActions(target: string): Promise<AuditAction[]> {
  const entries = await db.collection(COLLECTIONS.auditLog).where('target', '==', target).get();
  return entries.docs.map((entry) => entry.get('action') as AuditAction);
}

/** Revocation is kept to the second: a token must be issued in a later second than the revocation. */
const afterRevocationSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

/**
 * The member's old token is refused, and so is signing in by address (the Auth error `byAddress`) and by
 * username (the answer `byUsername`).
 */
async function expectLockedOut(member: TestStaff, byAddress: RegExp, byUsername: string): Promise<void> {
  expect((await call('exportWaitlist', member)).status).toBe(401);
  await expect(signIn(member.email, member.password)).rejects.toThrow(byAddress);
  const answer = await post(await functionUrl('signIn'), {
    identifier: member.username,
    password: member.password,
  });
  expect(answer.body).toEqual({ error: byUsername });
}

describe('team update and remove: who may call', () => {
  it.each(['teamList', 'teamUpdate', 'teamRemove'] as const)(
    '%s: 403 for a member without Admin',
    async (name) => {
      const staff = await createStaff(['Staff']);
      const target = await createStaff(['Staff']);
      const response = await call(name, staff, { email: target.email, disabled: true });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: TEAM_ADMIN_REQUIRED });
      expect((await db.collection(COLLECTIONS.staff).doc(target.email).get()).get('disabled')).not.toBe(true);
    },
  );

  it.each(['teamUpdate', 'teamRemove'] as const)(
    '%s: 403 for an Admin still on a one-time password',
    async (name) => {
      const admin = await createStaff(['Admin'], { mustChangePassword: true });
      const target = await createStaff(['Staff']);
      const response = await call(name, admin, { email: target.email, disabled: true });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: PASSWORD_CHANGE_REQUIRED });
    },
  );

  it.each(['teamUpdate', 'teamRemove'] as const)('%s: 401 without a valid ID token', async (name) => {
    expect((await call(name, 'not-a-token', { email: uniqueEmail(), disabled: true })).status).toBe(401);
  });

  it.each(['teamUpdate', 'teamRemove'] as const)('%s: 404 for an unknown member', async (name) => {
    const admin = await createStaff(['Admin']);
    const response = await call(name, admin, { email: uniqueEmail('nobody'), disabled: true });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: MEMBER_NOT_FOUND });
  });
});

describe('team list', () => {
  it('lists members with roles, status, creator and last sign-in', async () => {
    const admin = await createStaff(['Admin']);
    const member = await createStaff(['Director', 'Staff']);
    const response = await post<{ members: Array<Record<string, unknown>> }>(
      await functionUrl('teamList'),
      { token: admin.idToken },
      { headers: { Authorization: `Bearer ${admin.idToken}` } },
    );
    expect(response.status).toBe(200);
    const listed = response.body.members.find((entry) => entry.email === member.email);
    expect(listed).toMatchObject({
      username: member.username,
      roles: ['Director', 'Staff'],
      disabled: false,
      createdBy: 'bootstrap',
    });
    expect(typeof listed?.lastSignInAt).toBe('string');
  });
});

describe('team update', () => {
  it("edits roles: stored, audited, and in force on the member's very next call", async () => {
    const admin = await createStaff(['Admin']);
    const member = await createStaff(['Staff']);
    expect((await call('teamList', member)).status).toBe(403);
    const response = await call('teamUpdate', admin, { email: member.email, roles: ['Admin', 'Director'] });
    expect(response.status).toBe(200);
    expect((await db.collection(COLLECTIONS.staff).doc(member.email).get()).get('roles')).toEqual([
      'Admin',
      'Director',
    ]);
    expect((await call('teamList', member)).status).toBe(200);
    expect((await call('teamUpdate', admin, { email: member.email, roles: ['Staff'] })).status).toBe(200);
    expect((await call('teamList', member)).status).toBe(403);
    expect(await auditActions(member.email)).toContain('member.updated');
  });

  it('disables a member: tokens refused, sign-in refused; enabling lets them back', async () => {
    const admin = await createStaff(['Admin']);
    const member = await createStaff(['Staff']);
    expect((await call('teamUpdate', admin, { email: member.email, disabled: true })).status).toBe(200);
    await expectLockedOut(member, /USER_DISABLED/, AUTH_USER_DISABLED);
    expect((await call('teamUpdate', admin, { email: member.email, disabled: false })).status).toBe(200);
    await afterRevocationSecond();
    const fresh = await signIn(member.email, member.password);
    expect((await call('exportWaitlist', fresh)).status).toBe(200);
    expect(await auditActions(member.email)).toEqual(
      expect.arrayContaining(['member.disabled', 'member.enabled']),
    );
  });

  it('409: the last enabled Admin can neither drop Admin nor disable themself', async () => {
    const admin = await createStaff(['Admin']);
    await withOnlyAdmins(admin, [], () =>
      expectLastAdminRefused(admin, [
        ['teamUpdate', { roles: ['Staff'] }],
        ['teamUpdate', { disabled: true }],
      ]),
    );
  });
});

describe('team remove', () => {
  it('removes a member: record and account gone, old token refused, sign-in fails, audited', async () => {
    const admin = await createStaff(['Admin']);
    const member = await createStaff(['Admin']);
    await afterRevocationSecond();
    const response = await call('teamRemove', admin, { email: member.email });
    expect(response.status).toBe(200);
    expect((await db.collection(COLLECTIONS.staff).doc(member.email).get()).exists).toBe(false);
    await expect(auth.getUserByEmail(member.email)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    await expectLockedOut(member, /EMAIL_NOT_FOUND/, USERNAME_NOT_FOUND);
    expect(await auditActions(member.email)).toContain('member.removed');
  });

  it('a re-registered, verified account for the removed address is not staff', async () => {
    const admin = await createStaff(['Admin']);
    const member = await createStaff(['Admin']);
    expect((await call('teamRemove', admin, { email: member.email })).status).toBe(200);
    // Leftover record (as if deleted from the console only): the new account still gets nothing.
    await db
      .collection(COLLECTIONS.staff)
      .doc(member.email)
      .set({ uid: 'uid-of-the-old-account', roles: ['Admin'] });
    const newcomer = await auth.createUser({
      email: member.email,
      password: member.password,
      emailVerified: true,
    });
    const token = await signIn(member.email, member.password);
    expect((await call('exportWaitlist', token)).status).toBe(403);
    expect((await call('teamList', token)).status).toBe(403);
    await auth.deleteUser(newcomer.uid);
    await db.collection(COLLECTIONS.staff).doc(member.email).delete();
  });

  it('409: the last enabled Admin cannot remove themself', async () => {
    const admin = await createStaff(['Admin']);
    // Refused, the record kept: still an enabled Admin.
    await withOnlyAdmins(admin, [], () => expectLastAdminRefused(admin, [['teamRemove', {}]]));
  });
});

describe('the forced password change is enforced by the server', () => {
  it('refuses exports until the password is changed; the policy is checked here; the flag clears', async () => {
    const member = await createStaff(['Staff'], { mustChangePassword: true });
    const blocked = await call('exportWaitlist', member);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ error: PASSWORD_CHANGE_REQUIRED });

    const weak = await call('changePassword', member, { password: 'aaaaaa' });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ error: PASSWORD_POLICY });
    expect((await db.collection(COLLECTIONS.staff).doc(member.email).get()).get('mustChangePassword')).toBe(
      true,
    );

    const newPassword = 'N3w-passw0rd!';
    expect((await call('changePassword', member, { password: newPassword })).status).toBe(200);
    expect((await db.collection(COLLECTIONS.staff).doc(member.email).get()).get('mustChangePassword')).toBe(
      false,
    );
    await expect(signIn(member.email, member.password)).rejects.toThrow(/INVALID_PASSWORD|INVALID_LOGIN/);
    await afterRevocationSecond();
    const fresh = await signIn(member.email, newPassword);
    expect((await call('exportWaitlist', fresh)).status).toBe(200);
    expect(await auditActions(member.email)).toContain('password.changed');
  });
});

describe('username change', () => {
  it('renames the member, refuses a taken name in any case, audits', async () => {
    const member = await createStaff(['Staff']);
    const other = await createStaff(['Staff']);
    const taken = await call('changeUsername', member, { username: other.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: USERNAME_TAKEN });
    const renamed = `r-${member.username}`.slice(0, 32);
    const response = await call('changeUsername', member, { username: renamed });
    expect(response.body).toEqual({ message: USERNAME_UPDATED });
    expect((await db.collection(COLLECTIONS.staff).doc(member.email).get()).get('username')).toBe(renamed);
    expect(
      (await db.collection(COLLECTIONS.usernameMappings).doc(member.username.toLowerCase()).get()).exists,
    ).toBe(false);
    expect(await auditActions(member.email)).toContain('username.changed');
  });
});

describe('sign-in by username never discloses the e-mail', () => {
  it('answers a custom token for the account (no e-mail in the answer), and the SPEC messages otherwise', async () => {
    const member = await createStaff(['Staff']);
    const url = await functionUrl('signIn');
    const ok = await post<{ customToken?: string }>(url, {
      identifier: member.username,
      password: member.password,
    });
    expect(ok.status).toBe(200);
    expect(ok.text).not.toContain(member.email);
    const [, payload = ''] = (ok.body.customToken ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    expect(claims.uid).toBe((await auth.getUserByEmail(member.email)).uid);
    expect(JSON.stringify(claims)).not.toContain(member.email);

    const wrong = await post(url, { identifier: member.username, password: 'Wrong-pass-1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: AUTH_WRONG_PASSWORD });
    expect(wrong.text).not.toContain(member.email);
    const unknown = await post(url, { identifier: 'no-such-user-xyz', password: 'Whatever-1!' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: USERNAME_NOT_FOUND });
    const noAccount = await post(url, { identifier: uniqueEmail('ghost'), password: 'Whatever-1!' });
    expect(noAccount.body).toEqual({ error: AUTH_USER_NOT_FOUND });
  });

  it('password reset by username: sent without returning the e-mail, kept out of the audit trail', async () => {
    const member = await createStaff(['Staff']);
    const url = await functionUrl('requestPasswordReset');
    const response = await post(url, { identifier: member.username });
    expect(response.status).toBe(200);
    expect(response.text).not.toContain(member.email);
    expect(await auditActions(member.email)).toEqual([]);
    const oobCodes = await fetch(
      `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${process.env.GCLOUD_PROJECT ?? 'demo-silk'}/oobCodes`,
    ).then((res) => res.json() as Promise<{ oobCodes: Array<{ email: string; requestType: string }> }>);
    expect(
      oobCodes.oobCodes.some((code) => code.email === member.email && code.requestType === 'PASSWORD_RESET'),
    ).toBe(true);
    const unknown = await post(url, { identifier: 'no-such-user-xyz' });
    expect(unknown.body).toEqual({ error: USERNAME_NOT_FOUND });
  });
});
