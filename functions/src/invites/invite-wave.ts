// POST /api/invites/wave (inviteWave, admin host) {target, includeUnconfirmed, preview, requestId}, Bearer
// ID token: an Admin previews a wave (how many, the first addresses, fewer than asked) or starts it. The
// same request id starts one wave however often it is sent (waves.ts); the chunks are processed in the
// background (on-invite-wave-written.ts). Audited as invites.wave when a wave is started.
//   200 {ok, preview} | {ok, waveId, total, message} · 400 · 401 · 403 not a ready Admin · 429
import { inviteWaveStarted } from '@silk/schema/messages';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { previewOf, selectWave } from './selection';
import { startWave } from './waves';

export function makeInviteWaveHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'inviteWave',
    async ({ services: { db }, body: { target, includeUnconfirmed, preview, requestId }, caller, audit }) => {
      if (preview)
        return { ok: true, preview: previewOf(target, await selectWave(db, target, includeUnconfirmed)) };
      const started = await startWave(db, {
        target,
        includeUnconfirmed,
        requestId,
        by: caller.email,
        origin: 'admin',
      });
      if (started.created) {
        await audit({
          action: 'invites.wave',
          target: `invite_waves/${started.waveId}`,
          details: { target, includeUnconfirmed, total: started.total },
        });
      }
      return {
        ok: true,
        waveId: started.waveId,
        total: started.total,
        message: inviteWaveStarted(started.total),
      };
    },
    deps,
  );
}
