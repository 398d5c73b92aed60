// Referrals: ready staff read the referral records and the ranking settings; nobody else reads them,
// nobody reads the referral codes (a code names an address), and no browser writes any of them or the
// credit fields of a signup (referralCode, referredBy, confirmedReferrals: functions write those).
import { assertFails, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS } from '@silk/schema/constants';
import { collection, doc, getDoc, getDocs, query, where } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { ACTORS, db, EXISTING_SIGNUP, mustChangeDb, READY_STAFF_READS } from './fixtures';
import { BROWSER_OPERATIONS, browserOperations, check } from './operations';
import { serverSignupFieldCases } from './server-fields';

export const REFERRED = 'friend@example.com';
export const REFERRAL_CODE = 'abcd2345';

export function referralCases(env: () => RulesTestEnvironment): void {
  describe('referrals and settings/ranking: read by ready staff, written by no browser', () => {
    describe.each(ACTORS)('%s', (name) => {
      const verb = READY_STAFF_READS[name] ? 'may' : 'may not';
      it(`${verb} get and list referral records (and the review queue's query)`, async () => {
        const store = db(env(), name);
        await check(READY_STAFF_READS[name], getDoc(doc(store, COLLECTIONS.referrals, REFERRED)));
        await check(READY_STAFF_READS[name], getDocs(collection(store, COLLECTIONS.referrals)));
        await check(
          READY_STAFF_READS[name],
          getDocs(query(collection(store, COLLECTIONS.referrals), where('status', '==', 'withheld'))),
        );
      });
      it(`${verb} get settings/ranking, and nobody gets another settings document`, async () => {
        const store = db(env(), name);
        await check(READY_STAFF_READS[name], getDoc(doc(store, 'settings', 'ranking')));
        await assertFails(getDoc(doc(store, 'settings', 'other')));
      });
      it.each(['create', 'update', 'delete'] as const)('may not %s a referral record', async (operation) => {
        const operations = browserOperations(db(env(), name), COLLECTIONS.referrals, REFERRED, {
          create: { referred: REFERRED, referrer: EXISTING_SIGNUP, code: REFERRAL_CODE, status: 'credited' },
          update: { status: 'credited' },
        });
        await assertFails(operations[operation]());
      });
      it.each(['create', 'update', 'delete'] as const)('may not %s settings/ranking', async (operation) => {
        const operations = browserOperations(db(env(), name), 'settings', 'ranking', {
          create: { rule: { kind: 'referrals' }, version: 1 },
          update: { rule: { kind: 'referrals' } },
        });
        await assertFails(operations[operation]());
      });
    });
    it('refuses a member still on their one-time password', async () => {
      await assertFails(getDoc(doc(mustChangeDb(env()), COLLECTIONS.referrals, REFERRED)));
      await assertFails(getDoc(doc(mustChangeDb(env()), 'settings', 'ranking')));
    });
  });

  describe.each([
    [COLLECTIONS.referralCodes, REFERRAL_CODE],
    ['rank_entries', 'entry-1'],
  ])('%s: no browser access', (name, id) => {
    describe.each(ACTORS)('%s', (actorName) => {
      it.each(BROWSER_OPERATIONS)('may not %s', async (operation) => {
        const operations = browserOperations(db(env(), actorName), name, id, {
          create: { email: 'a@example.com', createdAt: 1 },
          update: { email: 'a@example.com' },
        });
        await assertFails(operations[operation]());
      });
    });
  });

  describe('rewards and settings/rewards: read by ready staff, written by no browser', () => {
    const ENTRY = `${EXISTING_SIGNUP}_early`;
    describe.each(ACTORS)('%s', (name) => {
      const verb = READY_STAFF_READS[name] ? 'may' : 'may not';
      it(`${verb} get settings/rewards and get and list the reward queue`, async () => {
        const store = db(env(), name);
        await check(READY_STAFF_READS[name], getDoc(doc(store, 'settings', 'rewards')));
        await check(READY_STAFF_READS[name], getDoc(doc(store, COLLECTIONS.rewards, ENTRY)));
        await check(READY_STAFF_READS[name], getDocs(collection(store, COLLECTIONS.rewards)));
      });
      it.each(['create', 'update', 'delete'] as const)(
        'may not %s a queue entry or the tiers',
        async (operation) => {
          const store = db(env(), name);
          const entries = browserOperations(store, COLLECTIONS.rewards, ENTRY, {
            create: { email: EXISTING_SIGNUP, tierId: 'early', status: 'fulfilled' },
            update: { status: 'fulfilled' },
          });
          await assertFails(entries[operation]());
          const tiers = browserOperations(store, 'settings', 'rewards', {
            create: { tiers: [] },
            update: { tiers: [] },
          });
          await assertFails(tiers[operation]());
        },
      );
    });
    it('refuses a member still on their one-time password', async () => {
      await assertFails(getDoc(doc(mustChangeDb(env()), COLLECTIONS.rewards, ENTRY)));
      await assertFails(getDoc(doc(mustChangeDb(env()), 'settings', 'rewards')));
    });
  });

  describe('waitlist_signups: no browser writes a credit field', () => {
    const CREDIT_FIELDS: Array<[string, unknown]> = [
      ['referralCode', REFERRAL_CODE],
      ['referredBy', EXISTING_SIGNUP],
      ['confirmedReferrals', 100],
    ];
    serverSignupFieldCases(env, 'credit', CREDIT_FIELDS);
  });
}
