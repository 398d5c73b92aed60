// Invitations past their expiry: each is marked expired, and so is its signup if that invitation is
// still the signup's latest (history entry by 'system'). Run on a schedule (expire-invitations.ts); an
// unredeemed code stops working at its expiry whether or not this has run (invitation-store.ts).
import { COLLECTIONS } from '@silk/schema/constants';
import type { Firestore } from 'firebase-admin/firestore';
import { signupChange } from '../shared/signup-change';
import { historyRef, type Invitation, type InviteHistoryEntry } from './invitation-store';

const BATCH = 200;

/** Marks every invitation expired by `now`; returns how many. */
export async function expireInvitations(db: Firestore, now = Date.now()): Promise<number> {
  let count = 0;
  for (;;) {
    const due = await db
      .collection(COLLECTIONS.invitations)
      .where('state', '==', 'sent')
      .where('expiresAt', '<=', now)
      .limit(BATCH)
      .get();
    for (const doc of due.docs) {
      const expired = await db.runTransaction(async (transaction) => {
        const invitation = (await transaction.get(doc.ref)).data() as Invitation | undefined;
        if (invitation?.state !== 'sent' || invitation.expiresAt > now) return false;
        const signup = await transaction.get(
          db.collection(COLLECTIONS.waitlistSignups).doc(invitation.email),
        );
        transaction.update(doc.ref, { state: 'expired' });
        if (signup.get('inviteStatus') === 'invited' && signup.get('inviteWave') === invitation.waveId) {
          transaction.update(signup.ref, signupChange({ inviteStatus: 'expired' }));
        }
        const entry: InviteHistoryEntry = {
          email: invitation.email,
          status: 'expired',
          at: now,
          by: 'system',
          waveId: invitation.waveId,
        };
        transaction.create(historyRef(db), entry);
        return true;
      });
      if (expired) count += 1;
    }
    if (due.size < BATCH) return count;
  }
}
