// staff and username_mappings: members read their own record (Admins all), change only their
// username together with their mapping, and clear their own mustChangePassword.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS } from '@silk/schema/constants';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { ACTORS, db, EMAILS, emailOf, USERNAMES, type ActorName } from './fixtures';

const STAFF = COLLECTIONS.staff;
const MAPPINGS = COLLECTIONS.usernameMappings;

const check = (allowed: boolean, operation: Promise<unknown>) =>
  allowed ? assertSucceeds(operation) : assertFails(operation);

/** The batch the admin panel commits to rename a member (see data-access/usernames.ts). */
function renameBatch(
  store: Firestore,
  email: string,
  newUsername: string,
  oldUsername: string | null,
  parts: { staff?: boolean; mapping?: boolean; deleteOld?: boolean } = {},
) {
  const batch = writeBatch(store);
  if (parts.staff !== false) batch.update(doc(store, STAFF, email), { username: newUsername });
  if (parts.mapping !== false) {
    batch.set(doc(store, MAPPINGS, newUsername.toLowerCase()), { username: newUsername, email });
  }
  if (oldUsername && parts.deleteOld !== false) batch.delete(doc(store, MAPPINGS, oldUsername.toLowerCase()));
  return batch.commit();
}

const member: Record<ActorName, boolean> = { visitor: false, 'self-registered': false, staff: true, admin: true };

export function staffCases(env: () => RulesTestEnvironment): void {
  describe('staff: every actor × operation', () => {
    describe.each(ACTORS)('%s', (name) => {
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
      it('may not create a staff document for themselves', async () => {
        await assertFails(
          setDoc(doc(db(env(), name), STAFF, signedIn ? emailOf(name) : 'visitor@example.com'), {
            username: 'newbie',
            roles: ['Admin'],
            mustChangePassword: false,
          }),
        );
      });
      it('may not set roles on their own staff document', async () => {
        await assertFails(updateDoc(doc(db(env(), name), STAFF, ownId), { roles: ['Admin', 'Director'] }));
      });
      it('may not update another member\'s staff document', async () => {
        await assertFails(updateDoc(doc(db(env(), name), STAFF, EMAILS.other), { mustChangePassword: false }));
      });
      it('may not delete their own staff document', async () => {
        await assertFails(deleteDoc(doc(db(env(), name), STAFF, ownId)));
      });
      it(`${member[name] ? 'may' : 'may not'} change their username together with their mapping`, async () => {
        if (!signedIn) {
          await assertFails(renameBatch(db(env(), name), EMAILS.staff, 'Intruder', USERNAMES.staff));
          return;
        }
        const old = name === 'staff' ? USERNAMES.staff : name === 'admin' ? USERNAMES.admin : null;
        await check(member[name], renameBatch(db(env(), name), emailOf(name), `${name}-renamed`, old));
      });
    });
  });

  describe('staff: an unverified account holding an Admin\'s e-mail', () => {
    // Someone registered the address on their own (say, after the member's Auth user was removed).
    const impostor = () =>
      env().authenticatedContext('uid-impostor', { email: EMAILS.admin, email_verified: false }).firestore();

    it('may not list the staff or read another member', async () => {
      await assertFails(getDocs(collection(impostor(), STAFF)));
      await assertFails(getDoc(doc(impostor(), STAFF, EMAILS.other)));
    });
  });

  describe('staff: username changes', () => {
    const staffDb = () => db(env(), 'staff');

    it('renames a member: staff username, new mapping, old mapping gone', async () => {
      await assertSucceeds(renameBatch(staffDb(), EMAILS.staff, 'Stella.M', USERNAMES.staff));
      await env().withSecurityRulesDisabled(async (context) => {
        const store = context.firestore();
        expect((await getDoc(doc(store, STAFF, EMAILS.staff))).data()?.username).toBe('Stella.M');
        expect((await getDoc(doc(store, MAPPINGS, 'stella.m'))).data()).toEqual({ username: 'Stella.M', email: EMAILS.staff });
        expect((await getDoc(doc(store, MAPPINGS, 'stella'))).exists()).toBe(false);
      });
    });

    it('refuses the staff update without the mapping', async () => {
      await assertFails(renameBatch(staffDb(), EMAILS.staff, 'Solo', USERNAMES.staff, { mapping: false, deleteOld: false }));
      await assertFails(renameBatch(staffDb(), EMAILS.staff, 'Solo', USERNAMES.staff, { mapping: false }));
    });

    it('refuses a rename that keeps the old mapping', async () => {
      await assertFails(renameBatch(staffDb(), EMAILS.staff, 'Keeper', USERNAMES.staff, { deleteOld: false }));
    });

    it('refuses the mapping without the staff update', async () => {
      await assertFails(renameBatch(staffDb(), EMAILS.staff, 'Lonely', USERNAMES.staff, { staff: false, deleteOld: false }));
    });

    it('refuses a mapping whose content does not match the new username', async () => {
      const store = staffDb();
      const batch = writeBatch(store);
      batch.update(doc(store, STAFF, EMAILS.staff), { username: 'Mismatch' });
      batch.set(doc(store, MAPPINGS, 'mismatch'), { username: 'Mismatch', email: EMAILS.admin });
      batch.delete(doc(store, MAPPINGS, 'stella'));
      await assertFails(batch.commit());
    });

    it('refuses taking a username that exists (another member holds it, any case)', async () => {
      await assertFails(renameBatch(staffDb(), EMAILS.staff, USERNAMES.other, USERNAMES.staff));
      await assertFails(renameBatch(staffDb(), EMAILS.staff, USERNAMES.other.toUpperCase(), USERNAMES.staff));
    });

    it('refuses an invalid username', async () => {
      await assertFails(renameBatch(staffDb(), EMAILS.staff, 'stella@silk', USERNAMES.staff));
      await assertFails(renameBatch(staffDb(), EMAILS.staff, 'st', USERNAMES.staff));
    });

    it('accepts a change of case only (the member rewrites their own mapping)', async () => {
      await assertSucceeds(renameBatch(staffDb(), EMAILS.staff, 'STELLA', USERNAMES.staff, { deleteOld: false }));
      await env().withSecurityRulesDisabled(async (context) => {
        const mapping = await getDoc(doc(context.firestore(), MAPPINGS, 'stella'));
        expect(mapping.data()).toEqual({ username: 'STELLA', email: EMAILS.staff });
      });
    });

    it.each([
      ['no username field', { roles: ['Staff'], mustChangePassword: false }],
      ['a null username', { username: null, roles: ['Staff'], mustChangePassword: false }],
    ])('lets a member with %s (Unknown User) choose one', async (_why, record) => {
      await env().withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore(), STAFF, EMAILS.staff), record);
        await deleteDoc(doc(context.firestore(), MAPPINGS, 'stella'));
      });
      await assertSucceeds(renameBatch(staffDb(), EMAILS.staff, 'Fresh', null));
    });

    it('two members racing for one username: exactly one wins', async () => {
      const results = await Promise.allSettled([
        renameBatch(db(env(), 'staff'), EMAILS.staff, 'Winner', USERNAMES.staff),
        renameBatch(db(env(), 'admin'), EMAILS.admin, 'winner', USERNAMES.admin),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((result) => result.status === 'rejected');
      expect(String((rejected as PromiseRejectedResult).reason)).toMatch(/PERMISSION_DENIED|permission/i);
      await env().withSecurityRulesDisabled(async (context) => {
        const mapping = (await getDoc(doc(context.firestore(), MAPPINGS, 'winner'))).data();
        const winnerEmail = results[0]!.status === 'fulfilled' ? EMAILS.staff : EMAILS.admin;
        expect(mapping?.email).toBe(winnerEmail);
      });
    });

    it('refuses a member deleting and recreating their own staff document', async () => {
      const store = staffDb();
      await assertFails(deleteDoc(doc(store, STAFF, EMAILS.staff)));
      const batch = writeBatch(store);
      batch.delete(doc(store, STAFF, EMAILS.staff));
      batch.set(doc(store, STAFF, EMAILS.staff), { username: USERNAMES.staff, roles: ['Admin'], mustChangePassword: false });
      await assertFails(batch.commit());
      await assertFails(setDoc(doc(store, STAFF, EMAILS.staff), { username: USERNAMES.staff, roles: ['Admin'] }));
    });

    it('refuses setting roles alongside a valid username change', async () => {
      const store = staffDb();
      const batch = writeBatch(store);
      batch.update(doc(store, STAFF, EMAILS.staff), { username: 'Sneaky', roles: ['Admin'] });
      batch.set(doc(store, MAPPINGS, 'sneaky'), { username: 'Sneaky', email: EMAILS.staff });
      batch.delete(doc(store, MAPPINGS, 'stella'));
      await assertFails(batch.commit());
    });
  });

  describe('staff: mustChangePassword', () => {
    it('lets a member turn their own flag from true to false', async () => {
      await assertSucceeds(updateDoc(doc(db(env(), 'staff'), STAFF, EMAILS.staff), { mustChangePassword: false }));
    });
    it('refuses turning it from false to true', async () => {
      await assertFails(updateDoc(doc(db(env(), 'admin'), STAFF, EMAILS.admin), { mustChangePassword: true }));
    });
    it('refuses clearing it together with another field', async () => {
      await assertFails(
        updateDoc(doc(db(env(), 'staff'), STAFF, EMAILS.staff), { mustChangePassword: false, createdBy: 'me' }),
      );
    });
  });

  describe('username_mappings: every actor × operation', () => {
    describe.each(ACTORS)('%s', (name) => {
      const signedIn = name !== 'visitor';

      it('may get one mapping by username (sign-in by username)', async () => {
        const snapshot = await assertSucceeds(getDoc(doc(db(env(), name), MAPPINGS, 'otto')));
        expect(snapshot.data()).toEqual({ username: USERNAMES.other, email: EMAILS.other });
      });
      it('may not list all mappings', async () => {
        await assertFails(getDocs(collection(db(env(), name), MAPPINGS)));
        await assertFails(getDocs(query(collection(db(env(), name), MAPPINGS), limit(1))));
      });
      it(`${signedIn ? 'may' : 'may not'} query their own mapping by e-mail (limit 1)`, async () => {
        const email = signedIn ? emailOf(name) : EMAILS.staff;
        const own = query(collection(db(env(), name), MAPPINGS), where('email', '==', email), limit(1));
        const snapshot = await check(signedIn, getDocs(own));
        if (member[name]) expect((snapshot as { size: number }).size).toBe(1);
      });
      it('may not query another member\'s mapping by e-mail, nor without a limit', async () => {
        const store = db(env(), name);
        await assertFails(getDocs(query(collection(store, MAPPINGS), where('email', '==', EMAILS.other), limit(1))));
        if (signedIn) {
          await assertFails(getDocs(query(collection(store, MAPPINGS), where('email', '==', emailOf(name)))));
          await assertFails(getDocs(query(collection(store, MAPPINGS), where('email', '==', emailOf(name)), limit(2))));
        }
      });
      it('may not create a mapping on its own', async () => {
        const email = signedIn ? emailOf(name) : 'visitor@example.com';
        await assertFails(setDoc(doc(db(env(), name), MAPPINGS, 'squatter'), { username: 'squatter', email }));
      });
      it('may not overwrite or take another member\'s mapping', async () => {
        const email = signedIn ? emailOf(name) : 'visitor@example.com';
        await assertFails(setDoc(doc(db(env(), name), MAPPINGS, 'otto'), { username: 'Otto', email }));
      });
      it('may not delete another member\'s mapping', async () => {
        await assertFails(deleteDoc(doc(db(env(), name), MAPPINGS, 'otto')));
      });
    });

    it('refuses a member deleting their own current mapping outside a rename', async () => {
      await assertFails(deleteDoc(doc(db(env(), 'staff'), MAPPINGS, 'stella')));
    });

    it('lets a member delete a stale mapping of their own', async () => {
      await env().withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore(), MAPPINGS, 'old-stella'), { username: 'old-stella', email: EMAILS.staff });
      });
      await assertSucceeds(deleteDoc(doc(db(env(), 'staff'), MAPPINGS, 'old-stella')));
    });

    it('refuses a mapping with extra keys or a key that is not the lower-cased username', async () => {
      const store = db(env(), 'staff');
      let batch = writeBatch(store);
      batch.update(doc(store, STAFF, EMAILS.staff), { username: 'Extra' });
      batch.set(doc(store, MAPPINGS, 'extra'), { username: 'Extra', email: EMAILS.staff, roles: ['Admin'] });
      batch.delete(doc(store, MAPPINGS, 'stella'));
      await assertFails(batch.commit());
      batch = writeBatch(store);
      batch.update(doc(store, STAFF, EMAILS.staff), { username: 'Wrongkey' });
      batch.set(doc(store, MAPPINGS, 'Wrongkey'), { username: 'Wrongkey', email: EMAILS.staff });
      batch.delete(doc(store, MAPPINGS, 'stella'));
      await assertFails(batch.commit());
    });
  });
}
