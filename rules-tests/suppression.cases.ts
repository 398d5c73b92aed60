// The suppression list and the mail provider's events: no browser reads or writes suppressions or
// mail_events (server only), and none writes, changes or removes a signup's suppressedReason /
// suppressedAt, which ready staff read with the rest of the signup (the row's details).
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS } from '@silk/schema/constants';
import { deleteField, doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { ACTORS, db, EXISTING_SIGNUP, landingWrite } from './fixtures';
import { BROWSER_OPERATIONS, browserOperations } from './operations';
import { expectCreateRefusedWith } from './server-fields';

const AT = Date.UTC(2026, 10, 1);
const MAIL_EVENT = 'a'.repeat(64);

export function suppressionCases(env: () => RulesTestEnvironment): void {
  describe('suppressions and mail_events', () => {
    beforeEach(async () => {
      await env().withSecurityRulesDisabled(async (context) => {
        const store = context.firestore();
        await setDoc(doc(store, COLLECTIONS.suppressions, EXISTING_SIGNUP), {
          email: EXISTING_SIGNUP,
          reason: 'bounce',
          detail: '550 5.1.1 no such user',
          source: 'smtp',
          at: AT,
        });
        await setDoc(doc(store, COLLECTIONS.mailEvents, MAIL_EVENT), {
          messageId: 'msg_1',
          format: 'silk',
          type: 'bounce',
          suppressed: 1,
          at: AT,
        });
        await setDoc(
          doc(store, COLLECTIONS.waitlistSignups, EXISTING_SIGNUP),
          { suppressedReason: 'bounce', suppressedAt: AT },
          { merge: true },
        );
      });
    });

    describe.each([
      [COLLECTIONS.suppressions, EXISTING_SIGNUP],
      [COLLECTIONS.mailEvents, MAIL_EVENT],
    ])('%s: no browser access', (name, id) => {
      describe.each(ACTORS)('%s', (actorName) => {
        it.each(BROWSER_OPERATIONS)('may not %s', async (operation) => {
          const operations = browserOperations(db(env(), actorName), name, id, {
            create: {
              email: 'a@example.com',
              reason: 'unsubscribe',
              detail: 'x',
              source: 'unsubscribe',
              at: AT,
            },
            update: { reason: 'unsubscribe' },
          });
          await assertFails(operations[operation]());
        });
      });
    });

    describe("waitlist_signups: the suppression fields are the server's", () => {
      const FIELDS: Array<[string, unknown]> = [
        ['suppressedReason', 'complaint'],
        ['suppressedAt', AT + 1],
      ];
      describe.each(ACTORS)('%s', (name) => {
        it.each(FIELDS)('may not create a signup with %s', async (field, value) => {
          await expectCreateRefusedWith(db(env(), name), `suppressed-${field.toLowerCase()}@example.com`, {
            [field]: value,
          });
        });
        it.each(FIELDS)('may not change or remove %s of a suppressed signup', async (field, value) => {
          const ref = doc(db(env(), name), COLLECTIONS.waitlistSignups, EXISTING_SIGNUP);
          await assertSucceeds(setDoc(ref, landingWrite(EXISTING_SIGNUP, null), { merge: true }));
          await assertFails(
            setDoc(ref, { ...landingWrite(EXISTING_SIGNUP, null), [field]: value }, { merge: true }),
          );
          await assertFails(
            setDoc(ref, { ...landingWrite(EXISTING_SIGNUP, null), [field]: deleteField() }, { merge: true }),
          );
          await assertFails(updateDoc(ref, { [field]: deleteField() }));
        });
      });
      it('ready staff read them with the signup; a visitor reads no signup', async () => {
        await assertSucceeds(getDoc(doc(db(env(), 'staff'), COLLECTIONS.waitlistSignups, EXISTING_SIGNUP)));
        await assertFails(getDoc(doc(db(env(), 'visitor'), COLLECTIONS.waitlistSignups, EXISTING_SIGNUP)));
      });
    });
  });
}
