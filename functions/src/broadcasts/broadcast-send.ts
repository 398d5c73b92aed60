// POST /api/broadcasts/send (broadcastSend, admin host) {subject, markdown, segment, sendAt?, requestId},
// Bearer ID token: an Admin sends a broadcast now or schedules it. The same request id makes one
// broadcast however often it is sent; it is prepared and sent in the background (on-broadcast-written.ts,
// the schedule, delivery.ts). Audited as broadcast.created when made.
//   200 {ok, broadcastId, message} · 400 · 401 · 403 not a ready Admin · 429
import { broadcastQueued } from '@silk/schema/messages';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { broadcastRef, createBroadcast } from './broadcast-store';

export function makeBroadcastSendHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'broadcastSend',
    async ({ services: { db }, body: { subject, markdown, segment, sendAt, requestId }, caller, audit }) => {
      const made = await createBroadcast(db, {
        subject,
        markdown,
        segment,
        ...(sendAt !== undefined ? { sendAt } : {}),
        requestId,
        by: caller.email,
      });
      const stored = (await broadcastRef(db, made.broadcastId).get()).get('sendAt') as number;
      if (made.created) {
        await audit({
          action: 'broadcast.created',
          target: `broadcasts/${made.broadcastId}`,
          details: { subject, segment, sendAt: stored },
        });
      }
      return {
        ok: true,
        broadcastId: made.broadcastId,
        message: broadcastQueued(made.scheduled ? stored : null),
      };
    },
    deps,
  );
}
