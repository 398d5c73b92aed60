// subscribers, username mappings, rate_limits and unknown collections: no browser access at all.
import { assertFails, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS } from '@silk/schema/constants';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { ACTORS, db, EXISTING_SIGNUP } from './fixtures';

const SERVER_ONLY: Array<[string, string]> = [
  [COLLECTIONS.subscribers, EXISTING_SIGNUP],
  [COLLECTIONS.usernameMappings, 'otto'],
  [COLLECTIONS.rateLimits, 'ip-1'],
  ['not_a_collection', 'x'],
];

export function serverOnlyCases(env: () => RulesTestEnvironment): void {
  describe.each(SERVER_ONLY)('%s: no browser access', (name, id) => {
    describe.each(ACTORS)('%s', (actorName) => {
      it('may not get', async () => {
        await assertFails(getDoc(doc(db(env(), actorName), name, id)));
      });
      it('may not list', async () => {
        await assertFails(getDocs(collection(db(env(), actorName), name)));
      });
      it('may not create', async () => {
        await assertFails(setDoc(doc(db(env(), actorName), name, 'new-doc'), { email: 'a@example.com' }));
      });
      it('may not update', async () => {
        await assertFails(updateDoc(doc(db(env(), actorName), name, id), { touched: true }));
      });
      it('may not delete', async () => {
        await assertFails(deleteDoc(doc(db(env(), actorName), name, id)));
      });
    });
  });
}
