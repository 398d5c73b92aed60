// POST /api/rewards/tiers {tiers} (rewardTiersSave, admin host), Bearer ID token: an Admin replaces the
// reward tiers (settings/rewards). Each tier: a stable id, the credited referrals it asks for (each number
// once), a name and a description (400 REWARD_REQUEST_INVALID otherwise, nothing saved). People already
// past a new or lowered tier get it at their next credited referral. Audited as reward.tiers.changed.
//   200 {ok, message} · 400 · 401 · 403 not a ready Admin · 429
import { REWARD_TIERS_SAVED } from '@silk/schema/messages';
import { sortTiers } from '@silk/schema/rewards';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { rewardSettingsRef, rewardTiers } from '../shared/reward-settings';

export function makeRewardTiersSaveHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'rewardTiersSave',
    async ({ services: { db }, body, caller, audit }) => {
      const before = await rewardTiers(db);
      const tiers = sortTiers(body.tiers);
      await rewardSettingsRef(db).set({ tiers, updatedAt: Date.now(), updatedBy: caller.email });
      await audit({
        action: 'reward.tiers.changed',
        target: 'settings/rewards',
        details: {
          tiers: tiers.map((tier) => `${tier.referrals}: ${tier.name}`),
          removed: before.filter((old) => !tiers.some((tier) => tier.id === old.id)).map((tier) => tier.name),
        },
      });
      return { ok: true, message: REWARD_TIERS_SAVED };
    },
    deps,
  );
}
