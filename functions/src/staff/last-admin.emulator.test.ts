// The last-Admin rule counts only Admins who can act: an enabled record bound to an existing, enabled,
// verified account, past the one-time password. Against the emulators: with only such "Admins" beside
// the caller, the caller can neither drop Admin, disable themself nor leave; with one usable Admin
// beside them, they can.
import { COLLECTIONS } from '@silk/schema/constants';
import { LAST_ADMIN_REQUIRED } from '@silk/schema/messages';
import { describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { createStaff, functionUrl, post, type TestStaff } from '../../test-support/emulator';

const { auth, db } = adminServices();

async function call(name: 'teamUpdate' | 'teamRemove', caller: TestStaff, body: Record<string, unknown>) {
  return post<{ error?: string }>(
    await functionUrl(name),
    { token: caller.idToken, ...body },
    { headers: { Authorization: `Bearer ${caller.idToken}` } },
  );
}

/**
 * Runs `body` while the enabled Admins are `admin` and the members `beside` only: every other enabled
 * Admin record is disabled meanwhile.
 */
async function withAdmins(admin: TestStaff, beside: string[], body: () => Promise<void>): Promise<void> {
  const keep = new Set([admin.email, ...beside]);
  const others = (
    await db.collection(COLLECTIONS.staff).where('roles', 'array-contains', 'Admin').get()
  ).docs.filter((doc) => !keep.has(doc.id) && doc.get('disabled') !== true);
  await Promise.all(others.map((doc) => doc.ref.update({ disabled: true })));
  try {
    await body();
  } finally {
    await Promise.all(others.map((doc) => doc.ref.update({ disabled: false })));
  }
}

/** Every way the caller could stop being an Admin who can act: each refused with 409, nothing changed. */
async function expectLastAdmin(admin: TestStaff): Promise<void> {
  for (const [name, change] of [
    ['teamUpdate', { roles: ['Staff'] }],
    ['teamUpdate', { disabled: true }],
    ['teamRemove', {}],
  ] as const) {
    const response = await call(name, admin, { email: admin.email, ...change });
    expect(response.status, `${name} ${JSON.stringify(change)}`).toBe(409);
    expect(response.body).toEqual({ error: LAST_ADMIN_REQUIRED });
  }
  const record = (await db.collection(COLLECTIONS.staff).doc(admin.email).get()).data();
  expect(record).toMatchObject({ roles: ['Admin'] });
  expect(record?.disabled).not.toBe(true);
}

describe('the last-Admin rule counts only Admins who can act', () => {
  it('an Admin still on a one-time password does not count', async () => {
    const admin = await createStaff(['Admin']);
    const pending = await createStaff(['Admin'], { mustChangePassword: true });
    await withAdmins(admin, [pending.email], () => expectLastAdmin(admin));
  });

  it('an Admin record bound to no account, or to one that no longer exists, does not count', async () => {
    const admin = await createStaff(['Admin']);
    const unbound = await createStaff(['Admin']);
    await db.collection(COLLECTIONS.staff).doc(unbound.email).update({ uid: null });
    const orphan = await createStaff(['Admin']);
    await auth.deleteUser((await auth.getUserByEmail(orphan.email)).uid);
    await withAdmins(admin, [unbound.email, orphan.email], () => expectLastAdmin(admin));
  });

  it('an Admin whose Auth account is disabled (or unverified) does not count', async () => {
    const admin = await createStaff(['Admin']);
    const locked = await createStaff(['Admin']);
    await auth.updateUser((await auth.getUserByEmail(locked.email)).uid, { disabled: true });
    const unverified = await createStaff(['Admin']);
    await auth.updateUser((await auth.getUserByEmail(unverified.email)).uid, { emailVerified: false });
    await withAdmins(admin, [locked.email, unverified.email], () => expectLastAdmin(admin));
  });

  it('with one Admin who can act beside them, the caller may drop Admin', async () => {
    const admin = await createStaff(['Admin']);
    const pending = await createStaff(['Admin'], { mustChangePassword: true });
    const usable = await createStaff(['Admin']);
    await withAdmins(admin, [pending.email, usable.email], async () => {
      const response = await call('teamUpdate', admin, { email: admin.email, roles: ['Staff'] });
      expect(response.status).toBe(200);
    });
    expect((await db.collection(COLLECTIONS.staff).doc(admin.email).get()).get('roles')).toEqual(['Staff']);
  });

  it('an Admin may still demote an Admin who cannot act (the caller remains)', async () => {
    const admin = await createStaff(['Admin']);
    const pending = await createStaff(['Admin'], { mustChangePassword: true });
    await withAdmins(admin, [pending.email], async () => {
      expect((await call('teamUpdate', admin, { email: pending.email, roles: ['Staff'] })).status).toBe(200);
    });
  });
});
