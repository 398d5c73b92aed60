// The API keys tab's calls (Admins only, each with the caller's ID token): list, create, revoke.
import { callApiKeys, type ApiKeyCall } from '@silk/data-access/api-keys';
import type { ApiAnswer, ApiRequest } from '@silk/schema/api-contract';
import { adminServices } from '@/lib/services';

export function apiKeyCall<K extends ApiKeyCall>(id: K, body: ApiRequest<K>): Promise<ApiAnswer<K>> {
  return callApiKeys(adminServices(), id, body);
}
