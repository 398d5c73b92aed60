// The first signup time: recorded with the mailing-list entry from the document's creation time, and
// never moved by a repeat signup.
import { COLLECTIONS } from '@silk/schema/constants';
import { FieldValue, type Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { readMailConfig } from '../outbox/mail-config';
import { uniqueEmail } from '../../test-support/emulator';
import { adminServices } from '../shared/admin';
import { readCeilings } from '../shared/config';
import { FIRST_SIGNUP_FIELD } from '../shared/first-signup';
import { addToMailingList } from './mailing-list';

const { db } = adminServices();
const mailContext = () => ({ config: readMailConfig(), secret: 'first-signup-test-secret' });

describe('first signup time', () => {
  it('is the creation time, recorded once; a repeat signup does not move it', async () => {
    const email = uniqueEmail('line');
    const ref = db.collection(COLLECTIONS.waitlistSignups).doc(email);
    await ref.set({ email, timestamp: FieldValue.serverTimestamp() });
    const stored = await ref.get();
    const [created, written] = [stored.createTime as Timestamp, stored.get('timestamp') as Timestamp];
    await addToMailingList(db, email, { form: 'hero', ceilings: readCeilings({}), mailContext });
    const first = (await ref.get()).get(FIRST_SIGNUP_FIELD) as Timestamp;
    // The earlier of the creation time and the time the write carried (the emulator may tell them apart
    // by microseconds), whichever of the mailing list and the signup trigger records it first.
    expect(first.isEqual(written.toMillis() < created.toMillis() ? written : created)).toBe(true);

    await ref.set({ email, timestamp: FieldValue.serverTimestamp() }, { merge: true });
    await addToMailingList(db, email, { form: 'hero', ceilings: readCeilings({}), mailContext });
    const after = await ref.get();
    expect((after.get(FIRST_SIGNUP_FIELD) as Timestamp).isEqual(first)).toBe(true);
    expect((after.get('timestamp') as Timestamp).toMillis()).toBeGreaterThan(first.toMillis());
  });
});
