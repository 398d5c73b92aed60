// The Broadcasts tab's calls, each with the caller's ID token: the list and figures (any ready member),
// the reach, the test and the send (Admins; the server refuses the others).
import type { ApiAnswer, ApiRequest } from '@silk/schema/api-contract';
import type { AdminServices } from './admin-firebase';
import { callApi } from './api-client';
import { staffClient } from './staff-client';

export type BroadcastCall = 'broadcastList' | 'broadcastReach' | 'broadcastTest' | 'broadcastSend';

export async function callBroadcasts<K extends BroadcastCall>(
  services: AdminServices,
  id: K,
  body: ApiRequest<K>,
): Promise<ApiAnswer<K>> {
  return callApi(await staffClient(services), id, body);
}
