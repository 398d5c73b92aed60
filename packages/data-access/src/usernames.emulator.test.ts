import { COLLECTIONS } from '@silk/schema/constants';
import {
  INVALID_USERNAME,
  USER_NOT_AUTHENTICATED,
  USERNAME_REQUIRED,
  USERNAME_TAKEN,
} from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteAllApps, freshServices, signedInStaffMember, uniqueUsername } from '../test-support/emulator';
import { changeUsername } from './usernames';

const admin = adminSdk();
afterAll(deleteAllApps);

const signedInMember = () => signedInStaffMember({ email: 'rename', username: 'Rename' });

const mapping = async (key: string) =>
  (await admin.db.collection(COLLECTIONS.usernameMappings).doc(key).get()).data();
const staffUsername = async (email: string) =>
  (await admin.db.collection(COLLECTIONS.staff).doc(email).get()).get('username') as unknown;

describe('changeUsername (through the changeUsername function)', () => {
  it('updates the staff username, creates the new mapping and deletes the old one, atomically', async () => {
    const { email, username, services } = await signedInMember();
    const next = uniqueUsername('Fresh');
    await changeUsername(services, `  ${next}  `);
    expect(await staffUsername(email)).toBe(next);
    expect(await mapping(next.toLowerCase())).toEqual({ username: next, email });
    expect(await mapping(username.toLowerCase())).toBeUndefined();
  });

  it('accepts a change of case of the own username', async () => {
    const { email, username, services } = await signedInMember();
    await changeUsername(services, username.toUpperCase());
    expect(await staffUsername(email)).toBe(username.toUpperCase());
    expect(await mapping(username.toLowerCase())).toEqual({ username: username.toUpperCase(), email });
  });

  it('lets a member without a username (Unknown User) choose one', async () => {
    const { email, username, services } = await signedInMember();
    await admin.db.collection(COLLECTIONS.staff).doc(email).update({ username: null });
    const next = uniqueUsername('Named');
    await changeUsername(services, next);
    expect(await staffUsername(email)).toBe(next);
    // The stray mapping of the old name is removed in the same transaction.
    expect(await mapping(username.toLowerCase())).toBeUndefined();
  });

  it("answers 'This username is already taken.' when another account holds it (any case)", async () => {
    const { username: taken } = await signedInMember();
    const { email, username, services } = await signedInMember();
    await expect(changeUsername(services, taken.toUpperCase())).rejects.toThrow(USERNAME_TAKEN);
    expect(await staffUsername(email)).toBe(username);
  });

  it('requires a value', async () => {
    const { services } = await signedInMember();
    await expect(changeUsername(services, '   ')).rejects.toThrow(USERNAME_REQUIRED);
  });

  it('requires a signed-in user', async () => {
    await expect(changeUsername(freshServices(), 'someone')).rejects.toThrow(USER_NOT_AUTHENTICATED);
  });

  it('refuses an invalid username', async () => {
    const { services } = await signedInMember();
    await expect(changeUsername(services, 'ana@silk')).rejects.toThrow(INVALID_USERNAME);
    await expect(changeUsername(services, 'ab')).rejects.toThrow(INVALID_USERNAME);
  });

  it('two members racing for one username: one wins, the other is told it is taken', async () => {
    const first = await signedInMember();
    const second = await signedInMember();
    const contested = uniqueUsername('Contested');
    const results = await Promise.allSettled([
      changeUsername(first.services, contested),
      changeUsername(second.services, contested.toLowerCase()),
    ]);
    const fulfilled = results.filter((result) => result.status === 'fulfilled');
    const rejected = results.filter(
      (result): result is PromiseRejectedResult => result.status === 'rejected',
    );
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect((rejected[0]!.reason as Error).message).toBe(USERNAME_TAKEN);
    const winner = results[0]!.status === 'fulfilled' ? first : second;
    expect((await mapping(contested.toLowerCase()))?.email).toBe(winner.email);
  });
});
