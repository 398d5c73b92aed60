// Test support: the public API's client as an integrator would make it — openapi-fetch over the types
// openapi-typescript generated from the OpenAPI document (public-api-types.ts) — whose requests go to
// each route's function as Hosting's rewrite would send them (the path names the route), and the Admin's
// key creation through its route.
import type { ApiKeyScope } from '@silk/schema/api-keys';
import type { ApiKeyCreateResponse } from '@silk/schema/api-key-api';
import { PUBLIC_API_BASE } from '@silk/schema/api-keys';
import { apiRoutes } from '@silk/schema/api-routes';
import createClient from 'openapi-fetch';
import { functionUrl, post, type TestStaff } from './emulator';
import type { paths } from './public-api-types';

/** Stands for the Hosting site: a request's path is rewritten to its route's function. */
async function hostingFetch(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const route = apiRoutes().find((candidate) => candidate.path === pathname);
  if (!route) return new Response(JSON.stringify({ error: 'no such route' }), { status: 404 });
  return fetch(new Request(await functionUrl(route.functionId), request));
}

export function publicApiClient(key: string | null) {
  return createClient<paths>({
    baseUrl: `http://hosting.test${PUBLIC_API_BASE}`,
    fetch: hostingFetch,
    headers: key === null ? {} : { Authorization: `Bearer ${key}` },
  });
}

/** An Admin creates a key through the panel's route; the answer (the key in it, this once). */
export async function createApiKey(
  admin: TestStaff,
  scopes: ApiKeyScope[],
  options: { name?: string; ratePerMinute?: number } = {},
): Promise<ApiKeyCreateResponse> {
  const answer = await post<ApiKeyCreateResponse>(
    await functionUrl('apiKeyCreate'),
    { name: options.name ?? `test key ${scopes.join(' ')}`, scopes, ratePerMinute: options.ratePerMinute },
    { headers: { Authorization: `Bearer ${admin.idToken}` } },
  );
  if (answer.status !== 200) throw new Error(`apiKeyCreate answered ${answer.status}: ${answer.text}`);
  return answer.body;
}
