// The panel's live reads of the rewards (server-written; staff may read them): the tiers an Admin
// defined (settings/rewards) and the fulfilment queue (rewards/{email}_{tierId}), newest first.
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import { REWARD_STATUSES, sortTiers, type RewardEntry, type RewardTier } from '@silk/schema/rewards';
import { collection, limit, orderBy, query } from 'firebase/firestore';
import { queryListener, settingsListener } from './live-query';

/** How many queue entries the panel follows at once, newest first. */
export const REWARD_QUEUE_WINDOW = 1000;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const time = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function parseTier(value: unknown): RewardTier | null {
  if (!value || typeof value !== 'object') return null;
  const { id, referrals, name, description } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string' || time(referrals) === undefined) return null;
  return { id, referrals: referrals as number, name, description: text(description) };
}

/** settings/rewards as stored: its tiers, fewest referrals first (none when there is no document). */
export function parseRewardTiers(data: Record<string, unknown> | undefined): RewardTier[] {
  const tiers = Array.isArray(data?.tiers) ? data.tiers : [];
  return sortTiers(tiers.map(parseTier).filter((tier): tier is RewardTier => tier !== null));
}

/** A stored queue entry as the panel shows it, with its document id. */
export function parseRewardEntry(id: string, data: Record<string, unknown>): RewardEntry & { id: string } {
  const status = (REWARD_STATUSES as readonly unknown[]).includes(data.status)
    ? (data.status as RewardEntry['status'])
    : 'unfulfilled';
  const entry: RewardEntry & { id: string } = {
    id,
    email: text(data.email),
    tierId: text(data.tierId),
    tierName: text(data.tierName),
    referrals: time(data.referrals) ?? 0,
    reachedAt: time(data.reachedAt) ?? 0,
    status,
  };
  const fulfilledAt = time(data.fulfilledAt);
  if (fulfilledAt !== undefined) entry.fulfilledAt = fulfilledAt;
  if (typeof data.fulfilledBy === 'string') entry.fulfilledBy = data.fulfilledBy;
  const revokedAt = time(data.revokedAt);
  if (revokedAt !== undefined) entry.revokedAt = revokedAt;
  if (typeof data.revokedBy === 'string') entry.revokedBy = data.revokedBy;
  return entry;
}

/** settings/rewards, live. */
export const listenToRewardTiers = settingsListener(REWARD_SETTINGS_DOC, parseRewardTiers);

/** The fulfilment queue, newest first, live. */
export const listenToRewardQueue = queryListener(
  (db) =>
    query(collection(db, COLLECTIONS.rewards), orderBy('reachedAt', 'desc'), limit(REWARD_QUEUE_WINDOW)),
  (documents) => documents.map((document) => parseRewardEntry(document.id, document.data())),
);
