import { COLLECTIONS, UNKNOWN_USER } from '@silk/schema/constants';
import type { Role } from '@silk/schema/roles';
import { adminSdk } from '@silk/stack/admin-sdk';
import { ensureStaffMember } from '@silk/stack/staff';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchStaffInfo, watchStaffAccess, type StaffInfo } from './staff';
import {
  deleteAllApps,
  freshServices,
  TEST_PASSWORD,
  signedInStaffMember,
  uniqueEmail,
  uniqueUsername,
} from '../test-support/emulator';

const admin = adminSdk();
afterAll(deleteAllApps);
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

const signedInMember = (roles: Role[] = ['Staff', 'Developer']) =>
  signedInStaffMember({ email: 'staffinfo', username: 'Info' }, roles);

/** A user who created their own account (no staff document). */
async function signedInOutsider() {
  const email = uniqueEmail('outsider');
  await admin.auth.createUser({ email, password: TEST_PASSWORD });
  const services = freshServices();
  await signInWithEmailAndPassword(services.auth, email, TEST_PASSWORD);
  return { email, services };
}

describe('fetchStaffInfo (PRODUCT.md#data, PRODUCT.md#messages)', () => {
  it('reads username, roles and mustChangePassword from staff/{email}', async () => {
    const { email, username, services } = await signedInMember();
    await expect(fetchStaffInfo(services, email.toUpperCase())).resolves.toEqual({
      username,
      roles: ['Staff', 'Developer'],
      mustChangePassword: false,
      hasAccess: true,
    });
  });

  it('falls back to the e-mail as username and no roles when there is no staff record', async () => {
    const { email, services } = await signedInOutsider();
    await expect(fetchStaffInfo(services, email)).resolves.toEqual({
      username: email,
      roles: [],
      mustChangePassword: false,
      hasAccess: false,
    });
  });

  it("reads 'Unknown User' when the record has no username", async () => {
    const { email, services } = await signedInMember();
    await admin.db.collection(COLLECTIONS.staff).doc(email).update({ username: null });
    await expect(fetchStaffInfo(services, email)).resolves.toMatchObject({
      username: UNKNOWN_USER,
      roles: ['Staff', 'Developer'],
    });
  });

  it('retries permission-denied 3 times after 0.5 s, 1 s, 1.5 s, then falls back', async () => {
    const { services } = await signedInMember();
    const other = uniqueEmail('other', 'silk.travel');
    await ensureStaffMember(admin.auth, admin.db, {
      email: other,
      username: uniqueUsername('Other'),
      roles: ['Admin'],
      password: TEST_PASSWORD,
    });
    const waits: number[] = [];
    const info = await fetchStaffInfo(services, other, { wait: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([500, 1000, 1500]);
    expect(info).toEqual({ username: other, roles: [], mustChangePassword: false, hasAccess: false });
  });

  it('succeeds on a retry once the read is allowed', async () => {
    const { email, services } = await signedInMember();
    const other = uniqueEmail('later', 'silk.travel');
    const otherName = uniqueUsername('Later');
    await ensureStaffMember(admin.auth, admin.db, {
      email: other,
      username: otherName,
      roles: ['Director'],
      password: TEST_PASSWORD,
    });
    const waits: number[] = [];
    const info = await fetchStaffInfo(services, other, {
      wait: async (ms) => {
        waits.push(ms);
        // The caller becomes an Admin, who may read every staff record.
        if (waits.length === 2)
          await admin.db
            .collection(COLLECTIONS.staff)
            .doc(email)
            .update({ roles: ['Admin'] });
      },
    });
    expect(waits).toEqual([500, 1000]);
    expect(info).toEqual({
      username: otherName,
      roles: ['Director'],
      mustChangePassword: false,
      hasAccess: true,
    });
  });
});

describe('watchStaffAccess (the open panel follows its own record)', () => {
  async function watching() {
    const member = await signedInMember(['Staff']);
    const uid = member.services.auth.currentUser!.uid;
    const records: StaffInfo[] = [];
    const onRevoked = vi.fn();
    const stop = watchStaffAccess(member.services, member.email, uid, onRevoked, (info) =>
      records.push(info),
    );
    await vi.waitFor(() => expect(records).toHaveLength(1));
    return {
      ...member,
      records,
      onRevoked,
      stop,
      ref: admin.db.collection(COLLECTIONS.staff).doc(member.email),
    };
  }

  it('delivers each version of the record, then reports once when the member is disabled', async () => {
    const { username, records, onRevoked, stop, ref } = await watching();
    expect(records[0]).toEqual({ username, roles: ['Staff'], mustChangePassword: false, hasAccess: true });
    await ref.update({ roles: ['Director', 'Staff'] });
    await vi.waitFor(() => expect(records.at(-1)?.roles).toEqual(['Director', 'Staff']));
    expect(onRevoked).not.toHaveBeenCalled();
    await ref.update({ disabled: true });
    await vi.waitFor(() => expect(onRevoked).toHaveBeenCalledOnce());
    await ref.update({ disabled: false, roles: ['Staff'] });
    await ref.update({ disabled: true });
    stop();
    expect(onRevoked).toHaveBeenCalledOnce();
  });

  it('reports when the record is deleted', async () => {
    const { onRevoked, stop, ref } = await watching();
    await ref.delete();
    await vi.waitFor(() => expect(onRevoked).toHaveBeenCalledOnce());
    stop();
  });

  it('reports when the record is bound to another account', async () => {
    const { onRevoked, stop, ref } = await watching();
    await ref.update({ uid: 'someone-else' });
    await vi.waitFor(() => expect(onRevoked).toHaveBeenCalledOnce());
    stop();
  });
});
