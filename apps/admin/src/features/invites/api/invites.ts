// The Invitations tab's live reads (Firestore: staff may read them; only server code writes them) and an
// Admin's two calls: a wave (its preview, then its start) and the drip settings.
import { callApi } from '@silk/data-access/api-client';
import { listenToDripSettings, listenToInviteWaves } from '@silk/data-access/invites';
import { staffClient } from '@silk/data-access/staff-client';
import type { InviteDripRequest } from '@silk/schema/invite-api';
import type { WavePreview, WaveTarget } from '@silk/schema/invites';
import { liveRead } from '@/lib/live-read';
import { adminServices } from '@/lib/services';

export const watchWaves = liveRead(listenToInviteWaves);

export const watchDrip = liveRead(listenToDripSettings);

/** One wave as the Admin sets it up: the same request id previews it and starts it (once). */
export interface WaveRequest {
  target: WaveTarget;
  includeUnconfirmed: boolean;
  requestId: string;
}

export function newRequestId(): string {
  return crypto.randomUUID();
}

/** How many the wave would invite, and the first addresses; invites nobody. */
export async function previewWave(request: WaveRequest): Promise<WavePreview> {
  const answer = await callApi(await staffClient(adminServices()), 'inviteWave', {
    ...request,
    preview: true,
  });
  if (!('preview' in answer)) throw new Error('inviteWave answered a start to a preview');
  return answer.preview;
}

/** Starts the wave (a retry with the same request id starts nothing new); resolves the server's message. */
export async function startWave(request: WaveRequest): Promise<string> {
  const answer = await callApi(await staffClient(adminServices()), 'inviteWave', {
    ...request,
    preview: false,
  });
  return 'message' in answer ? answer.message : '';
}

export async function setDrip(settings: InviteDripRequest): Promise<string> {
  return (await callApi(await staffClient(adminServices()), 'inviteDrip', settings)).message;
}
