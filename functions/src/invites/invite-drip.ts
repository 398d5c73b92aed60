// POST /api/invites/drip (inviteDrip, admin host) {enabled, perDay, hourUtc}, Bearer ID token: an Admin
// sets or pauses the daily drip (drip.ts). Audited as invites.drip.
//   200 {ok, message} · 400 · 401 · 403 not a ready Admin · 429
import { INVITE_SETTINGS_DOC } from '@silk/schema/constants';
import { inviteDripSaved } from '@silk/schema/messages';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { saveDrip } from './drip';

export function makeInviteDripHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'inviteDrip',
    async ({ services: { db }, body: { enabled, perDay, hourUtc }, audit }) => {
      await saveDrip(db, { enabled, perDay, hourUtc });
      await audit({
        action: 'invites.drip',
        target: `settings/${INVITE_SETTINGS_DOC}`,
        details: { enabled, perDay, hourUtc },
      });
      return { ok: true, message: inviteDripSaved(enabled, perDay, hourUtc) };
    },
    deps,
  );
}
