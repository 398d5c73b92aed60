// An HTTP Cloud Function declared without loading firebase-functions/v2/https: that module imports
// firebase-admin/auth and firebase-admin/app-check as it loads (for callable functions, which we have
// none of), a cost every function's cold start would pay. The endpoint declared here is the one
// onRequest declares for the same options (https-function.test.ts compares them): the global options,
// the function's own, the options a deploy resets when they are left out, and the invoker. Our
// handlers answer CORS themselves and catch their own errors (http/http.ts); a throw that still
// escapes is logged and answered 500, as onRequest does. A thin wrapper over the public onRequest was
// measured and put subscribe's cold start over its budget; firebase-functions has no lighter public entry
// point for it (bench/README.md, "Cold start").
import { logger } from 'firebase-functions/logger';
import type { GlobalOptions } from 'firebase-functions/v2';
import type { HttpsFunction, HttpsOptions, onRequest } from 'firebase-functions/v2/https';
import * as optionsModule from 'firebase-functions/v2/options';

/** onRequest's handler (its one-argument overload's parameter). */
type HttpsHandler = Parameters<typeof onRequest>[0];

type Endpoint = Record<string, unknown> & { labels?: Record<string, string> };

/** What onRequest itself uses of the options module: exported by it, but left out of its typings. */
const { getGlobalOptions, optionsToEndpoint, RESET_VALUE } = optionsModule as unknown as {
  getGlobalOptions(): GlobalOptions;
  optionsToEndpoint(options: GlobalOptions | HttpsOptions): Endpoint;
  RESET_VALUE: unknown;
};

/** The endpoint options a deploy resets to their defaults when a function leaves them out. */
const RESETTABLE_OPTIONS = [
  'availableMemoryMb',
  'timeoutSeconds',
  'minInstances',
  'maxInstances',
  'ingressSettings',
  'concurrency',
  'serviceAccountEmail',
  'vpc',
] as const;

function invokers(invoker: string | readonly string[]): string[] {
  const list = typeof invoker === 'string' ? [invoker] : [...invoker];
  if (list.length === 0 || list.some((entry) => entry.length === 0))
    throw new Error('Invalid option for invoker');
  if (list.length > 1 && list.some((entry) => entry === 'public' || entry === 'private')) {
    throw new Error("Invalid option for invoker: 'public' or 'private' stands alone");
  }
  return list;
}

export function httpsFunction(options: HttpsOptions, handler: HttpsHandler): HttpsFunction {
  const run = async (req: Parameters<HttpsHandler>[0], res: Parameters<HttpsHandler>[1]) => {
    try {
      await handler(req, res);
    } catch (error) {
      logger.error('Unhandled error', error);
      if (!res.headersSent) res.status(500).send('Internal Server Error');
    }
  };
  const globalOptions = getGlobalOptions();
  const base = optionsToEndpoint(globalOptions);
  const own = optionsToEndpoint(options);
  const resets = [globalOptions, options].every((entry) => !entry.preserveExternalChanges)
    ? Object.fromEntries(RESETTABLE_OPTIONS.map((key) => [key, RESET_VALUE]))
    : {};
  const invoker = options.invoker ?? globalOptions.invoker;
  const endpoint: Endpoint = {
    ...resets,
    platform: 'gcfv2',
    ...base,
    ...own,
    labels: { ...base.labels, ...own.labels },
    httpsTrigger:
      invoker === undefined || invoker === null ? {} : { invoker: invokers(invoker as string | string[]) },
  };
  return Object.assign(run, { __endpoint: endpoint }) as unknown as HttpsFunction;
}
