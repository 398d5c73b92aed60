// The Cloud Function of a route: its handler, with the options its declaration implies (the HTTP
// defaults, its runtime, and the secrets its access and its own work need). functions/src/index.ts
// exports one per route.
import { API_ROUTES, routeSecrets, type FunctionId } from '@silk/schema/api-routes';
import type { HttpsFunction } from 'firebase-functions/v2/https';
import { HTTP_FUNCTION_OPTIONS } from './config';
import { httpsFunction } from './https-function';
import { SECRET_PARAMS } from './secrets';

/** What a handler module's make<Id>Handler() returns. */
type RouteHandler = Parameters<typeof httpsFunction>[1];

export function routeFunction(functionId: FunctionId, makeHandler: () => RouteHandler): HttpsFunction {
  const route = API_ROUTES[functionId];
  const secrets = routeSecrets(route).map((name) => SECRET_PARAMS[name]);
  const runtime = 'runtime' in route ? route.runtime : {};
  return httpsFunction(
    { ...HTTP_FUNCTION_OPTIONS, ...runtime, ...(secrets.length > 0 ? { secrets } : {}) },
    makeHandler(),
  );
}
