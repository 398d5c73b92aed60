// The last-Admin rule counts only Admins who can act: an enabled record bound to an existing, enabled,
// verified account, past the one-time password. Against the emulators: with only such "Admins" beside
// the caller, the caller can neither drop Admin, disable themself nor leave; with one usable Admin
// beside them, they can.
import { COLLECTIONS } from '@silk/schema/constants';
import { describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { createStaff, functionUrl, post, type TestStaff } from '../../test-support/emulator';
import { expectLastAdminRefused, withOnlyAdmins, type SelfChange } from '../../test-support/last-admin';

const { auth, db } = adminServices();

async function call(name: 'teamUpdate' | 'teamRemove', caller: TestStaff, body: Record<string, unknown>) {
  return post<{ error?: string }>(
    await functionUrl(name),
    { token: caller.idToken, ...body },
    { headers: { Authorization: `Bearer ${caller.idToken}` } },
  );
}

/** Every way the caller could stop being an Admin who can act. */
const EVERY_SELF_CHANGE: SelfChange[] = [
  ['teamUpdate', { roles: ['Staff'] }],
  ['teamUpdate', { disabled: true }],
  ['teamRemove', {}],
];

describe('the last-Admin rule counts only Admins who can act', () => {
  it('an Admin still on a one-time password does not count', async () => {
    const admin = await createStaff(['Admin']);
    const pending = await createStaff(['Admin'], { mustChangePassword: true });
    await withOnlyAdmins(admin, [pending.email], () => expectLastAdminRefused(admin, EVERY_SELF_CHANGE));
  });

  it('an Admin record bound to no account, or to one that no longer exists, does not count', async () => {
    const admin = await createStaff(['Admin']);
    const unbound = await createStaff(['Admin']);
    await db.collection(COLLECTIONS.staff).doc(unbound.email).update({ uid: null });
    const orphan = await createStaff(['Admin']);
    await auth.deleteUser((await auth.getUserByEmail(orphan.email)).uid);
    await withOnlyAdmins(admin, [unbound.email, orphan.email], () =>
      expectLastAdminRefused(admin, EVERY_SELF_CHANGE),
    );
  });

  it('an Admin whose Auth account is disabled (or unverified) does not count', async () => {
    const admin = await createStaff(['Admin']);
    const locked = await createStaff(['Admin']);
    await auth.updateUser((await auth.getUserByEmail(locked.email)).uid, { disabled: true });
    const unverified = await createStaff(['Admin']);
    await auth.updateUser((await auth.getUserByEmail(unverified.email)).uid, { emailVerified: false });
    await withOnlyAdmins(admin, [locked.email, unverified.email], () =>
      expectLastAdminRefused(admin, EVERY_SELF_CHANGE),
    );
  });

  it('with one Admin who can act beside them, the caller may drop Admin', async () => {
    const admin = await createStaff(['Admin']);
    const pending = await createStaff(['Admin'], { mustChangePassword: true });
    const usable = await createStaff(['Admin']);
    await withOnlyAdmins(admin, [pending.email, usable.email], async () => {
      const response = await call('teamUpdate', admin, { email: admin.email, roles: ['Staff'] });
      expect(response.status).toBe(200);
    });
    expect((await db.collection(COLLECTIONS.staff).doc(admin.email).get()).get('roles')).toEqual(['Staff']);
  });

  it('an Admin may still demote an Admin who cannot act (the caller remains)', async () => {
    const admin = await createStaff(['Admin']);
    const pending = await createStaff(['Admin'], { mustChangePassword: true });
    await withOnlyAdmins(admin, [pending.email], async () => {
      expect((await call('teamUpdate', admin, { email: pending.email, roles: ['Staff'] })).status).toBe(200);
    });
  });
});
