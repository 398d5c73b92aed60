// POST /api/confirm {token} (the /confirm page, from the "Confirm my spot" link) → 200 {ok: true}:
// records confirmedAt on the subscriber and the signup, once (confirming again changes nothing), then
// credits the referrer of a referred signup, or withholds the credit for review (referrals/credit.ts).
// 400 / 401 a missing or refused token, 404 the subscriber is gone (erased), 429 rate limited.
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { mailTokenSecret } from '../shared/secrets';
import { confirmFormAnswers } from './link-forms';
import { creditReferral } from '../referrals/credit';
import { confirmSubscriber } from './subscription';

export function makeConfirmSubscriptionHandler(deps: Partial<EndpointDeps> = {}) {
  const secret = deps.linkSecret ?? (() => mailTokenSecret.value());
  return endpoint(
    'confirmSubscription',
    async ({ services, config, subscriberId }) => {
      const email = await confirmSubscriber(services.db, subscriberId);
      await creditReferral(services.db, email, config.referrals, secret());
      return { ok: true };
    },
    deps,
    { form: confirmFormAnswers },
  );
}
