// A new signup's subscriber id is the same whichever of the signup trigger (which names it in
// signup.created) and the mailing list (whose subscriber entry signup.erased names) gives it first.
import { COLLECTIONS } from '@silk/schema/constants';
import { withoutBackgroundTriggers } from '@silk/stack/stack';
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { readMailConfig } from '../outbox/mail-config';
import { addToMailingList } from '../subscribers/mailing-list';
import { adminServices } from '../shared/admin';
import { readCeilings } from '../shared/config';
import { uniqueEmail } from '../../test-support/emulator';
import { assignSubscriberId } from './signup-subscriber-id';

const { db } = adminServices();
const mailContext = () => ({ config: readMailConfig(), secret: 'subscriber-id-test-secret' });
const signups = db.collection(COLLECTIONS.waitlistSignups);
const subscribers = db.collection(COLLECTIONS.subscribers);
const ids = async (email: string) => ({
  signup: (await signups.doc(email).get()).get('subscriberId') as unknown,
  subscriber: (await subscribers.doc(email).get()).get('subscriberId') as unknown,
});

describe("a new signup's subscriber id", () => {
  it('the trigger first: the mailing list adopts the id the signup was given', async () => {
    const email = uniqueEmail('id-trigger-first');
    await withoutBackgroundTriggers(() =>
      signups.doc(email).set({ email, timestamp: FieldValue.serverTimestamp() }),
    );
    const given = await assignSubscriberId(db, email);
    expect(given).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await addToMailingList(db, email, { form: 'hero', ceilings: readCeilings({}), mailContext });
    expect(await ids(email)).toEqual({ signup: given, subscriber: given });
  });

  it('the mailing list first: the trigger keeps the id the subscriber was created with', async () => {
    const email = uniqueEmail('id-list-first');
    await withoutBackgroundTriggers(async () => {
      await signups.doc(email).set({ email, timestamp: FieldValue.serverTimestamp() });
      await addToMailingList(db, email, { form: 'hero', ceilings: readCeilings({}), mailContext });
    });
    const { subscriber } = await ids(email);
    expect(await assignSubscriberId(db, email)).toBe(subscriber);
    expect(await ids(email)).toEqual({ signup: subscriber, subscriber });
  });

  it("a signup made again for an address whose subscriber entry stayed takes that entry's id", async () => {
    const email = uniqueEmail('id-entry-stayed');
    await withoutBackgroundTriggers(async () => {
      await subscribers.doc(email).set({ email, subscriberId: 'kept-subscriber-id-0001' });
      await signups.doc(email).set({ email, timestamp: FieldValue.serverTimestamp() });
    });
    expect(await assignSubscriberId(db, email)).toBe('kept-subscriber-id-0001');
    expect((await ids(email)).signup).toBe('kept-subscriber-id-0001');
  });

  it('gives a signup that is gone nothing (and signup.created is not sent for it)', async () => {
    expect(await assignSubscriberId(db, uniqueEmail('id-gone'))).toBeNull();
  });
});
