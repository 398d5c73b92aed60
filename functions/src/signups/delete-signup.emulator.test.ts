// deleteSignup over HTTP against the Functions emulator: an Admin erases a signup and everything held
// for the address (audited with a hash); anyone else is refused and nothing changes.
import { COLLECTIONS } from '@silk/schema/constants';
import { ID_TOKEN_MISSING, SIGNUP_DELETE_ADMIN_REQUIRED } from '@silk/schema/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import {
  createStaff,
  functionUrl,
  post,
  signUpOutsider,
  uniqueEmail,
  type TestStaff,
} from '../../test-support/emulator';
import { expectErasedAuditedByHash } from '../../test-support/erasure';
import { queuedMailTo, signUpOnSite } from '../../test-support/mail';

const { db } = adminServices();
const signup = (email: string) => db.collection(COLLECTIONS.waitlistSignups).doc(email).get();
const subscriber = (email: string) => db.collection(COLLECTIONS.subscribers).doc(email).get();
let url: string;
let admin: TestStaff;
let staff: TestStaff;

const asCaller = (idToken: string, body: unknown) =>
  post(url, body, { headers: { Authorization: `Bearer ${idToken}` } });

beforeAll(async () => {
  url = await functionUrl('deleteSignup');
  [admin, staff] = await Promise.all([createStaff(['Admin']), createStaff(['Staff'])]);
});

describe('deleteSignup', () => {
  it('refuses anyone but a ready Admin, changing nothing', async () => {
    const email = uniqueEmail('keep');
    await signUpOnSite(email);
    expect(await post(url, { email })).toMatchObject({ status: 401, body: { error: ID_TOKEN_MISSING } });
    expect(await asCaller(staff.idToken, { email })).toMatchObject({
      status: 403,
      body: { error: SIGNUP_DELETE_ADMIN_REQUIRED },
    });
    const outsider = await signUpOutsider();
    expect(await asCaller(outsider.idToken, { email })).toMatchObject({
      status: 403,
      body: { error: SIGNUP_DELETE_ADMIN_REQUIRED },
    });
    expect((await signup(email)).exists).toBe(true);
    expect((await subscriber(email)).exists).toBe(true);
  });

  it('erases the signup, the subscriber and the mail of the address, audited with the keyed hash only', async () => {
    const email = uniqueEmail('delete');
    await signUpOnSite(email);
    await queuedMailTo(email);
    const response = await asCaller(admin.idToken, { email: email.toUpperCase() });
    expect(response).toMatchObject({
      status: 200,
      body: { ok: true, removed: { signup: true, subscriber: true, mail: 1 } },
    });
    // The entry names the address by its keyed hash: the plain SHA-256 of the address finds nothing.
    const { hash, entries } = await expectErasedAuditedByHash(email);
    expect(entries.map((entry) => entry.data())).toEqual([
      expect.objectContaining({ actor: admin.email, action: 'signup.deleted', target: hash }),
    ]);
    expect(JSON.stringify(entries[0]!.data())).not.toContain(email);

    // Deleting again: nothing left, the same 200.
    expect(await asCaller(admin.idToken, { email })).toMatchObject({
      status: 200,
      body: { ok: true, removed: { signup: false, subscriber: false, mail: 0 } },
    });
  });
});
