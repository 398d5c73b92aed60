// staff and audit_log: a member reads their own record while it is theirs, Ready Admins read every
// record and the audit trail; nobody writes either from a browser (functions do). Staff access is bound
// to the Auth account named in the record, requires a verified e-mail, and ends when disabled.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS } from '@silk/schema/constants';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  setDoc,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  ACTORS,
  db,
  disabledDb,
  EMAILS,
  emailOf,
  mustChangeDb,
  reRegisteredDb,
  USERNAMES,
  type ActorName,
} from './fixtures';
import { check } from './operations';

const STAFF = COLLECTIONS.staff;
const MAPPINGS = COLLECTIONS.usernameMappings;
const AUDIT = COLLECTIONS.auditLog;

/** The batch the panel used to commit to rename a member: now refused, a function renames. */
function renameBatch(store: Firestore, email: string, newUsername: string, oldUsername: string) {
  const batch = writeBatch(store);
  batch.update(doc(store, STAFF, email), { username: newUsername });
  batch.set(doc(store, MAPPINGS, newUsername.toLowerCase()), { username: newUsername, email });
  batch.delete(doc(store, MAPPINGS, oldUsername.toLowerCase()));
  return batch.commit();
}

export function staffCases(env: () => RulesTestEnvironment): void {
  describe('staff: every actor × operation', () => {
    describe.each(ACTORS)('%s', (name: ActorName) => {
      const signedIn = name !== 'visitor';
      const ownId = signedIn ? emailOf(name) : EMAILS.staff;

      it(`${signedIn ? 'may' : 'may not'} get their own staff document (absent for a non-member)`, async () => {
        const snapshot = await check(signedIn, getDoc(doc(db(env(), name), STAFF, ownId)));
        if (name === 'self-registered') expect((snapshot as { exists(): boolean }).exists()).toBe(false);
      });
      it(`${name === 'admin' ? 'may' : 'may not'} get another member's staff document`, async () => {
        await check(name === 'admin', getDoc(doc(db(env(), name), STAFF, EMAILS.other)));
      });
      it(`${name === 'admin' ? 'may' : 'may not'} list the staff`, async () => {
        await check(name === 'admin', getDocs(collection(db(env(), name), STAFF)));
      });
      it(`${name === 'admin' ? 'may' : 'may not'} read the audit trail`, async () => {
        await check(name === 'admin', getDocs(collection(db(env(), name), AUDIT)));
        await check(name === 'admin', getDoc(doc(db(env(), name), AUDIT, 'entry-1')));
      });
      it(`${name === 'admin' ? 'may' : 'may not'} list the security log's counts, and may not write them`, async () => {
        const store = db(env(), name);
        await check(name === 'admin', getDocs(collection(store, COLLECTIONS.securityLogCounts)));
        await assertFails(setDoc(doc(store, COLLECTIONS.securityLogCounts, '0-0'), { count: 0 }));
      });
      it('may not create a staff document for themselves', async () => {
        await assertFails(
          setDoc(doc(db(env(), name), STAFF, signedIn ? emailOf(name) : 'visitor@example.com'), {
            username: 'newbie',
            roles: ['Admin'],
            mustChangePassword: false,
          }),
        );
      });
      it('may not change anything on their own staff document (roles, username, flags)', async () => {
        const store = db(env(), name);
        await assertFails(updateDoc(doc(store, STAFF, ownId), { roles: ['Admin', 'Director'] }));
        await assertFails(updateDoc(doc(store, STAFF, ownId), { username: 'renamed' }));
        await assertFails(updateDoc(doc(store, STAFF, ownId), { disabled: false }));
        await assertFails(updateDoc(doc(store, STAFF, ownId), { uid: 'uid-someone' }));
      });
      it('may not rename themselves through the old client batch', async () => {
        await assertFails(renameBatch(db(env(), name), ownId, `${name}-renamed`, USERNAMES.staff));
      });
      it("may not update another member's staff document", async () => {
        await assertFails(updateDoc(doc(db(env(), name), STAFF, EMAILS.other), { disabled: true }));
      });
      it('may not delete a staff document or write the audit trail', async () => {
        const store = db(env(), name);
        await assertFails(deleteDoc(doc(store, STAFF, ownId)));
        await assertFails(setDoc(doc(store, AUDIT, 'forged'), { actor: ownId, action: 'member.removed' }));
        await assertFails(deleteDoc(doc(store, AUDIT, 'entry-1')));
      });
    });
  });

  describe("staff: an account re-registered for a removed member's address (verified, new uid)", () => {
    it('is denied every staff path: its old record, the team, signups, the audit trail', async () => {
      const store = reRegisteredDb(env());
      await assertFails(getDoc(doc(store, STAFF, EMAILS.reRegistered)));
      await assertFails(getDocs(collection(store, STAFF)));
      await assertFails(getDoc(doc(store, STAFF, EMAILS.other)));
      await assertFails(getDocs(collection(store, AUDIT)));
      await assertFails(updateDoc(doc(store, STAFF, EMAILS.reRegistered), { uid: 'uid-newcomer' }));
    });
  });

  describe("staff: an unverified account holding an Admin's e-mail", () => {
    const impostor = () =>
      env().authenticatedContext('uid-admin', { email: EMAILS.admin, email_verified: false }).firestore();

    it("is denied every staff path, even with the record's own uid", async () => {
      await assertFails(getDoc(doc(impostor(), STAFF, EMAILS.admin)));
      await assertFails(getDocs(collection(impostor(), STAFF)));
      await assertFails(getDoc(doc(impostor(), STAFF, EMAILS.other)));
      await assertFails(getDocs(collection(impostor(), AUDIT)));
      await assertFails(updateDoc(doc(impostor(), STAFF, EMAILS.admin), { username: 'Taken' }));
    });
  });

  describe('staff: a disabled Admin', () => {
    it('is denied the team and the audit trail', async () => {
      await assertFails(getDocs(collection(disabledDb(env()), STAFF)));
      await assertFails(getDocs(collection(disabledDb(env()), AUDIT)));
    });
    it('still reads their own record (so the open panel sees it is disabled and signs out)', async () => {
      const snapshot = await assertSucceeds(getDoc(doc(disabledDb(env()), STAFF, EMAILS.disabled)));
      expect(snapshot.data()?.disabled).toBe(true);
    });
  });

  describe('staff: mustChangePassword', () => {
    it('an Admin on a one-time password reads their own record but not the team or the audit trail', async () => {
      await assertSucceeds(getDoc(doc(mustChangeDb(env()), STAFF, EMAILS.mustChange)));
      await assertFails(getDocs(collection(mustChangeDb(env()), STAFF)));
      await assertFails(getDocs(collection(mustChangeDb(env()), AUDIT)));
    });
    it('cannot clear the flag by a write', async () => {
      await assertFails(
        updateDoc(doc(mustChangeDb(env()), STAFF, EMAILS.mustChange), { mustChangePassword: false }),
      );
      await assertFails(
        setDoc(
          doc(mustChangeDb(env()), STAFF, EMAILS.mustChange),
          { mustChangePassword: false },
          { merge: true },
        ),
      );
    });
  });
}
