// The API keys tab's calls (Admins): apiKeyList, apiKeyCreate, apiKeyRevoke. Browsers cannot read the
// records: each goes through an Admin-only function with the caller's ID token.
import type { ApiAnswer, ApiRequest } from '@silk/schema/api-contract';
import type { AdminServices } from './admin-firebase';
import { callApi } from './api-client';
import { staffClient } from './staff-client';

export type ApiKeyCall = 'apiKeyList' | 'apiKeyCreate' | 'apiKeyRevoke';

export async function callApiKeys<K extends ApiKeyCall>(
  services: AdminServices,
  id: K,
  body: ApiRequest<K>,
): Promise<ApiAnswer<K>> {
  return callApi(await staffClient(services), id, body);
}
