// POST /api/v1/subscribers/status {email} (apiV1SubscriberStatus), Authorization: Bearer <API key with
// subscribers:read>: a signup's place in line (ranking/position.ts, the status page's reading), the
// state of its subscription, its confirmed referrals, referral code and invitation status.
//   200 {email, subscription, place, total, confirmedReferrals, referralCode, inviteStatus} · 400 · 401
//   unknown or revoked key · 403 scope · 404 no signup with the address · 429 key's rate
import { API_SUBSCRIBER_NOT_FOUND } from '@silk/schema/messages';
import type { SUBSCRIPTION_STATES } from '@silk/schema/public-api';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';
import { positionOf } from '../ranking/position';
import { signupRef, subscriberRef } from '../subscribers/subscribers';

function subscriptionOf(subscriber: DocumentSnapshot): (typeof SUBSCRIPTION_STATES)[number] {
  if (!subscriber.exists) return 'not-subscribed';
  if (subscriber.get('unsubscribedAt') !== undefined) return 'unsubscribed';
  return subscriber.get('confirmedAt') !== undefined ? 'confirmed' : 'unconfirmed';
}

const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

export function makeApiV1SubscriberStatusHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'apiV1SubscriberStatus',
    async ({ services: { db }, body: { email } }) => {
      const [signup, subscriber] = await db.getAll(signupRef(db, email), subscriberRef(db, email));
      if (!signup?.exists || !subscriber) throw new HttpError(404, API_SUBSCRIBER_NOT_FOUND);
      const position = await positionOf(db, email);
      const confirmed: unknown = signup.get('confirmedReferrals');
      return {
        email,
        subscription: subscriptionOf(subscriber),
        place: position?.place ?? null,
        total: position?.total ?? null,
        confirmedReferrals: typeof confirmed === 'number' ? confirmed : 0,
        referralCode:
          stringOrNull(signup.get('referralCode')) ?? stringOrNull(subscriber.get('referralCode')),
        inviteStatus: stringOrNull(signup.get('inviteStatus')),
      };
    },
    deps,
  );
}
