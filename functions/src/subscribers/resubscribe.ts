// POST /api/resubscribe {token} (the /unsubscribe page's "re-subscribe", with the same unsubscribe link
// token) → 200 {ok: true}: undoes the unsubscribe and takes the address off the suppression list if the
// unsubscribe put it there (a bounce or complaint stays). 400 / 401 a missing or refused token, 404 the
// subscriber is gone (erased), 429 rate limited.
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { resubscribeFormAnswers } from './link-forms';
import { resubscribeSubscriber } from './subscription';
import { liftUnsubscribe } from '../suppression/suppression-list';

export function makeResubscribeHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'resubscribe',
    async ({ services, subscriberId }) => {
      await liftUnsubscribe(services.db, await resubscribeSubscriber(services.db, subscriberId));
      return { ok: true };
    },
    deps,
    { form: resubscribeFormAnswers },
  );
}
