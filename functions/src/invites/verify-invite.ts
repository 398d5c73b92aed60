// POST /api/invite/verify {token} with `Authorization: Bearer <INVITE_VERIFY_KEY>` — the product's
// backend checks the one-time token a redeemed invitation sent the visitor with: 200 {email} once (the
// check consumes it), 409 a replay, 410 a token past its lifetime, 404 an unknown token, 401 a missing
// or wrong key.
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { verifyToken } from './invitation-visit';

export function makeVerifyInviteHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'verifyInvite',
    async ({ services: { db }, body: { token } }) => verifyToken(db, token),
    deps,
  );
}
