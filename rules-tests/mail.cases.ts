// The mail queue and the server-only fields of a signup (consent record, confirmation, subscriber id):
// no browser reads the queue or writes any of them, whoever is signed in.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS, CONSENT_TEXT_VERSION } from '@silk/schema/constants';
import { doc, getDoc, serverTimestamp, setDoc, Timestamp } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTORS, db, EXISTING_SIGNUP, landingWrite } from './fixtures';
import { browserOperations } from './operations';

const MAIL_ID = 'queued-1';
const CONSENTED = 'consented@example.com';
const AT = Timestamp.fromDate(new Date('2025-05-02T10:00:00Z'));
const CONSENT = { at: AT, form: 'hero', textVersion: CONSENT_TEXT_VERSION };
const SERVER_FIELDS: Record<string, unknown> = {
  consent: CONSENT,
  confirmedAt: AT,
  subscriberId: 'sub-id-1234567890',
};

async function seedServerRecords(env: RulesTestEnvironment): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const store = context.firestore();
    await setDoc(doc(store, COLLECTIONS.mail, MAIL_ID), {
      to: EXISTING_SIGNUP,
      message: { subject: 'Confirm your spot', text: 'text', html: '<p>html</p>' },
      headers: { 'List-Unsubscribe': '<https://silk.travel/api/unsubscribe?token=t>' },
      delivery: { state: 'SUCCESS', attempts: 1 },
    });
    await setDoc(doc(store, COLLECTIONS.waitlistSignups, CONSENTED), {
      ...landingWrite(CONSENTED),
      timestamp: AT,
      ...SERVER_FIELDS,
    });
  });
}

export function mailCases(env: () => RulesTestEnvironment): void {
  describe('mail and the server-only signup fields', () => {
    beforeEach(async () => {
      await seedServerRecords(env());
    });

    describe.each(ACTORS)('mail: no access for %s', (name) => {
      it('may not get, list, create, update or delete a mail', async () => {
        const operations = browserOperations(db(env(), name), COLLECTIONS.mail, MAIL_ID, {
          create: { to: 'a@example.com', message: { subject: 's', text: 't' } },
          update: { 'delivery.state': 'RETRY' },
        });
        for (const operation of Object.values(operations)) await assertFails(operation());
      });
    });

    describe.each(ACTORS)('signup server fields: %s', (name) => {
      it.each(Object.keys(SERVER_FIELDS))('may not create a signup carrying %s', async (field) => {
        const email = `new-${name}@example.com`;
        const write = { ...landingWrite(email), [field]: SERVER_FIELDS[field] };
        await assertFails(
          setDoc(doc(db(env(), name), COLLECTIONS.waitlistSignups, email), write, { merge: true }),
        );
      });

      it.each(Object.keys(SERVER_FIELDS))('may not merge %s into an existing signup', async (field) => {
        const write = { ...landingWrite(EXISTING_SIGNUP), [field]: SERVER_FIELDS[field] };
        await assertFails(
          setDoc(doc(db(env(), name), COLLECTIONS.waitlistSignups, EXISTING_SIGNUP), write, { merge: true }),
        );
      });

      it('may not change or remove the consent record, the confirmation or the subscriber id', async () => {
        const ref = doc(db(env(), name), COLLECTIONS.waitlistSignups, CONSENTED);
        const landing = landingWrite(CONSENTED);
        await assertFails(
          setDoc(ref, { ...landing, consent: { ...CONSENT, form: 'no-js' } }, { merge: true }),
        );
        await assertFails(setDoc(ref, { ...landing, confirmedAt: serverTimestamp() }, { merge: true }));
        await assertFails(setDoc(ref, landing)); // a full overwrite would drop them
      });

      it('may still merge a repeat landing signup, which leaves them as they are', async () => {
        await assertSucceeds(
          setDoc(doc(db(env(), name), COLLECTIONS.waitlistSignups, CONSENTED), landingWrite(CONSENTED), {
            merge: true,
          }),
        );
        await env().withSecurityRulesDisabled(async (context) => {
          const stored = await getDoc(doc(context.firestore(), COLLECTIONS.waitlistSignups, CONSENTED));
          expect(stored.get('consent')).toEqual(CONSENT);
          expect(stored.get('subscriberId')).toBe(SERVER_FIELDS.subscriberId);
          expect((stored.get('confirmedAt') as Timestamp).isEqual(AT)).toBe(true);
        });
      });
    });

    it('lets no visitor read a signup with its consent record', async () => {
      await assertFails(getDoc(doc(db(env(), 'visitor'), COLLECTIONS.waitlistSignups, CONSENTED)));
    });
  });
}
