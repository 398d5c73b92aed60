// POST /api/referrals/review (reviewReferral, admin host) {referred, decision: 'grant' | 'reject'},
// Bearer ID token: an Admin decides withheld referral credit — grant credits the referrer (exactly once),
// reject rejects it; each decision is audited. Rejecting credit given before takes it back, and with it
// each reward of the referrer's that is not fulfilled yet and is now out of reach (reward-store.ts,
// audited as reward.revoked); a fulfilled reward stays. Deciding again, or granting a referral not
// withheld, changes nothing and says so. A grant of a mailbox that has earned this referrer credit before is refused (409):
// credit is counted once per mailbox (credit-memory.ts); it stays withheld for a reject.
//   200 {ok, status, message} · 400 · 401 · 403 not a ready Admin · 404 no referral · 409 a repeat · 429
import {
  REFERRAL_ALREADY_CREDITED,
  REFERRAL_GRANTED,
  REFERRAL_NOT_FOUND,
  REFERRAL_NOT_WITHHELD,
  REFERRAL_REJECTED,
} from '@silk/schema/messages';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';
import { mailTokenSecret } from '../shared/secrets';
import { decideReferral } from './credit';
import { revokeRewardsAbove } from './reward-store';

export function makeReviewReferralHandler(deps: Partial<EndpointDeps> = {}) {
  const secret = deps.linkSecret ?? (() => mailTokenSecret.value());
  return endpoint(
    'reviewReferral',
    async ({ services, caller, body: { referred, decision }, audit }) => {
      const { status, decided, repeat, tookBack, record } = await decideReferral(
        services.db,
        referred,
        decision,
        caller.email,
        secret(),
      );
      if (status === null) throw new HttpError(404, REFERRAL_NOT_FOUND);
      if (repeat) throw new HttpError(409, REFERRAL_ALREADY_CREDITED);
      if (!decided) return { ok: true, status, message: REFERRAL_NOT_WITHHELD };
      await audit({
        action: decision === 'grant' ? 'referral.granted' : 'referral.rejected',
        target: referred,
        details: { status, referrer: record?.referrer ?? null, reason: record?.reason ?? null },
      });
      if (tookBack && record) {
        for (const reward of await revokeRewardsAbove(services.db, record.referrer, caller.email)) {
          await audit({
            action: 'reward.revoked',
            target: reward.email,
            details: { tier: reward.tierName, referrals: reward.referrals, referred },
          });
        }
      }
      return { ok: true, status, message: decision === 'grant' ? REFERRAL_GRANTED : REFERRAL_REJECTED };
    },
    deps,
  );
}
