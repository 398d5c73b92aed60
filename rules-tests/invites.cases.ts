// Invitations: ready staff read the waves, the history of invite statuses and settings/invites; nobody
// reads an invitation (it is an address's single-use link) or a wave's members and markers; no browser
// writes any of them or the invite fields of a signup.
import { assertFails, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS, INVITE_SETTINGS_DOC } from '@silk/schema/constants';
import { collection, doc, getDoc, getDocs, query, where } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { ACTORS, db, EXISTING_SIGNUP, mustChangeDb, READY_STAFF_READS } from './fixtures';
import { BROWSER_OPERATIONS, browserOperations, check } from './operations';
import { serverSignupFieldCases } from './server-fields';

const WAVE = 'wave-1';
const INVITATION = 'a'.repeat(64);

export function inviteCases(env: () => RulesTestEnvironment): void {
  describe('invite_waves, invite_history and settings/invites: read by ready staff, written by no browser', () => {
    describe.each(ACTORS)('%s', (name) => {
      const verb = READY_STAFF_READS[name] ? 'may' : 'may not';
      it(`${verb} get and list waves, the history (an address's entries) and settings/invites`, async () => {
        const store = db(env(), name);
        await check(READY_STAFF_READS[name], getDoc(doc(store, COLLECTIONS.inviteWaves, WAVE)));
        await check(READY_STAFF_READS[name], getDocs(collection(store, COLLECTIONS.inviteWaves)));
        await check(
          READY_STAFF_READS[name],
          getDocs(query(collection(store, COLLECTIONS.inviteHistory), where('email', '==', EXISTING_SIGNUP))),
        );
        await check(READY_STAFF_READS[name], getDoc(doc(store, COLLECTIONS.settings, INVITE_SETTINGS_DOC)));
      });
      it.each([
        [COLLECTIONS.inviteWaves, WAVE],
        [COLLECTIONS.inviteHistory, 'entry-1'],
        [COLLECTIONS.settings, INVITE_SETTINGS_DOC],
      ])('may not write %s', async (name_, id) => {
        const operations = browserOperations(db(env(), name), name_, id, {
          create: { email: EXISTING_SIGNUP, state: 'running', enabled: true },
          update: { invited: 5, enabled: false },
        });
        for (const operation of ['create', 'update', 'delete'] as const)
          await assertFails(operations[operation]());
      });
    });
    it('refuses a member still on their one-time password', async () => {
      await assertFails(getDoc(doc(mustChangeDb(env()), COLLECTIONS.inviteWaves, WAVE)));
      await assertFails(getDoc(doc(mustChangeDb(env()), COLLECTIONS.settings, INVITE_SETTINGS_DOC)));
    });
  });

  describe.each([
    [COLLECTIONS.invitations, INVITATION],
    [`${COLLECTIONS.inviteWaves}/${WAVE}/members`, '000000'],
    [`${COLLECTIONS.inviteWaves}/${WAVE}/invited`, EXISTING_SIGNUP],
    [COLLECTIONS.settings, 'mail_slots'],
  ])('%s: no browser access', (name, id) => {
    describe.each(ACTORS)('%s', (actorName) => {
      it.each(BROWSER_OPERATIONS)('may not %s', async (operation) => {
        const operations = browserOperations(db(env(), actorName), name, id, {
          create: { email: EXISTING_SIGNUP, waveId: WAVE, state: 'sent', createdAt: 1, expiresAt: 2 },
          update: { state: 'redeemed' },
        });
        await assertFails(operations[operation]());
      });
    });
  });

  describe('waitlist_signups: no browser writes an invite field', () => {
    const INVITE_FIELDS: Array<[string, unknown]> = [
      ['inviteStatus', 'joined'],
      ['inviteWave', WAVE],
      ['invitedAt', 1],
      ['joinedAt', 1],
    ];
    serverSignupFieldCases(env, 'invite', INVITE_FIELDS);
  });
}
