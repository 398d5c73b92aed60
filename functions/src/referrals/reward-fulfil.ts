// POST /api/rewards/fulfil {id} (rewardFulfil, admin host), Bearer ID token: an Admin marks a reward of
// the fulfilment queue fulfilled — who and when on the entry, audited as reward.fulfilled. Marking it
// again changes nothing and says so; a reward taken back (revoked) cannot be fulfilled.
//   200 {ok, message} · 400 · 401 · 403 not a ready Admin · 404 no such entry · 409 revoked · 429
import {
  REWARD_ALREADY_FULFILLED,
  REWARD_FULFILLED,
  REWARD_NOT_FOUND,
  REWARD_REVOKED,
} from '@silk/schema/messages';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';
import { fulfilReward } from './reward-store';

export function makeRewardFulfilHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'rewardFulfil',
    async ({ services: { db }, body: { id }, caller, audit }) => {
      const outcome = await fulfilReward(db, id, caller.email);
      if (outcome === 'missing') throw new HttpError(404, REWARD_NOT_FOUND);
      if (outcome === 'revoked') throw new HttpError(409, REWARD_REVOKED);
      if (outcome === 'already-fulfilled') return { ok: true, message: REWARD_ALREADY_FULFILLED };
      await audit({ action: 'reward.fulfilled', target: id, details: {} });
      return { ok: true, message: REWARD_FULFILLED };
    },
    deps,
  );
}
