// The Embed tab's calls (Admins): embedOriginsList, embedOriginsSave — the sites allowed to embed the
// signup widget. Browsers cannot read settings/embed: each goes through an Admin-only function with the
// caller's ID token.
import type { ApiAnswer, ApiRequest } from '@silk/schema/api-contract';
import type { AdminServices } from './admin-firebase';
import { callApi } from './api-client';
import { staffClient } from './staff-client';

export type EmbedOriginsCall = 'embedOriginsList' | 'embedOriginsSave';

export async function callEmbedOrigins<K extends EmbedOriginsCall>(
  services: AdminServices,
  id: K,
  body: ApiRequest<K>,
): Promise<ApiAnswer<K>> {
  return callApi(await staffClient(services), id, body);
}
