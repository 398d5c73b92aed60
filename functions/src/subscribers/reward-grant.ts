// A referrer's rewards, given when their credited referrals reach a tier (called by the signup trigger
// whenever `confirmedReferrals` changed, with the count read again here, never the event's): for each tier
// reached, the fulfilment queue's entry rewards/{email}_{tierId} and the reward e-mail are created in one
// batch whose create fails when the entry exists. However many confirmations cross a tier at once, and
// however often the trigger runs again, one batch wins: one entry, one e-mail. A batch rather than a
// transaction: the losers fail at once instead of queueing on the entry's lock. (A tier that invites
// automatically does so from the entry's creation: invites/invite-for-reward.ts.)
import { COLLECTIONS } from '@silk/schema/constants';
import {
  EVERY_REWARD_REACHED,
  progressToTier,
  rewardEntryId,
  rewardProgress,
  type RewardEntry,
  type RewardTier,
} from '@silk/schema/rewards';
import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import type { QueuedMail } from '../outbox/mail-queue';
import { rewardRef } from '../referrals/reward-store';
import { rewardTiers } from '../shared/reward-settings';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';
import { defaultMailContext, type MailContext } from './mailing-list';
import { listUnsubscribeHeaders, subscriberLinks } from './subscriber-links';
import { signupRef, subscriberRef } from './subscribers';
import { rewardEmail } from './templates/reward';
import { mailCopy } from '../shared/mail-copy-store';
import type { MailCopy } from '@silk/schema/mail-copy';

/** The reward e-mail of `tier` for a subscriber with `credited` referrals, in `copy` (the reward kind's). */
export function rewardMail(
  email: string,
  subscriber: { subscriberId: string; referralCode: string },
  reached: { tier: RewardTier; next: RewardTier | null; credited: number },
  copy: MailCopy,
  context: MailContext,
): QueuedMail {
  const { tier, next, credited } = reached;
  const links = subscriberLinks(
    context.config.siteOrigin,
    context.secret,
    subscriber.subscriberId,
    subscriber.referralCode,
  );
  const { subject, text, html } = rewardEmail(
    {
      tierName: tier.name,
      tierDescription: tier.description,
      confirmedReferrals: credited,
      nextTier: next ? `Next: ${progressToTier(credited, next)}.` : EVERY_REWARD_REACHED,
    },
    links,
    copy,
  );
  return { to: email, message: { subject, text, html }, headers: listUnsubscribeHeaders(links) };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export interface GrantOptions {
  /** The tiers in force, when the caller has read them already (a sweep over many people); else read here. */
  tiers?: readonly RewardTier[];
  mailContext?: () => MailContext;
  now?: number;
}

/**
 * Gives `email` every tier its credited referrals reach that it has not had yet. Resolves how many this
 * call created. A tier revoked before (rejected credit) and reached again is put back in the queue,
 * without a second e-mail. A signup not on the mailing list gets its entries but no e-mail.
 */
export async function grantRewards(
  db: Firestore,
  email: string,
  options: GrantOptions = {},
): Promise<number> {
  const { mailContext = defaultMailContext, now = Date.now() } = options;
  const tiers = options.tiers ?? (await rewardTiers(db));
  if (tiers.length === 0) return 0;
  const [signup, subscriber] = (await db.getAll(signupRef(db, email), subscriberRef(db, email))) as [
    DocumentSnapshot,
    DocumentSnapshot,
  ];
  const credited = Number(signup.get('confirmedReferrals') ?? 0);
  const { reached, next } = rewardProgress(tiers, Number.isFinite(credited) ? credited : 0);
  const subscriberId = text(subscriber.get('subscriberId'));
  const referralCode = text(subscriber.get('referralCode')) ?? text(signup.get('referralCode'));
  const mailTo = subscriberId && referralCode ? { subscriberId, referralCode } : null;
  let created = 0;
  for (const tier of reached) {
    const ref = rewardRef(db, rewardEntryId(email, tier.id));
    const existing = await ref.get();
    if (existing.exists) {
      await reinstate(existing);
      continue;
    }
    const entry: RewardEntry = {
      email,
      tierId: tier.id,
      tierName: tier.name,
      referrals: tier.referrals,
      reachedAt: now,
      status: 'unfulfilled',
    };
    const batch = db.batch();
    batch.create(ref, entry);
    if (mailTo) {
      batch.create(
        db.collection(COLLECTIONS.mail).doc(),
        rewardMail(email, mailTo, { tier, next, credited }, await mailCopy(db, 'reward'), mailContext()),
      );
    }
    try {
      await batch.commit();
      created += 1;
    } catch (error) {
      if (!hasGrpcStatus(error, GrpcStatus.ALREADY_EXISTS)) throw error;
    }
  }
  return created;
}

/** A revoked entry whose tier is reached again waits in the queue again (unless it changed meanwhile). */
async function reinstate(entry: DocumentSnapshot): Promise<void> {
  if (entry.get('status') !== 'revoked' || !entry.updateTime) return;
  try {
    await entry.ref.update(
      { status: 'unfulfilled', revokedAt: FieldValue.delete(), revokedBy: FieldValue.delete() },
      { lastUpdateTime: entry.updateTime },
    );
  } catch (error) {
    if (!hasGrpcStatus(error, GrpcStatus.FAILED_PRECONDITION)) throw error;
  }
}
