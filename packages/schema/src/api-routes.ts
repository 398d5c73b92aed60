// Every route of our HTTP API, keyed by the Cloud Function that serves it: the domain modules' declarations
// (routes/*.ts; how a route is declared: routes/route.ts) joined into one table. To add a route: its
// declaration in its domain's module, its handler (functions/src/<domain>/<id in kebab case>.ts, exporting
// make<Id>Handler), its request schema (api-schemas.ts), then `pnpm routes:write`; CI names whichever
// part is missing.
import { API_KEY_ROUTES } from './routes/apikeys';
import { BROADCAST_ROUTES } from './routes/broadcasts';
import { IMPORT_ROUTES } from './routes/imports';
import { INVITE_ROUTES } from './routes/invites';
import { RANKING_ROUTES } from './routes/ranking';
import { REFERRAL_ROUTES } from './routes/referrals';
import type { ApiRouteEntry, HostingTarget, RouteDomain } from './routes/route';
import { SIGNUP_ROUTES } from './routes/signups';
import { STAFF_ROUTES } from './routes/staff';
import { STATUS_ROUTES } from './routes/status';
import { SUBSCRIBER_ROUTES } from './routes/subscribers';
import { SUPPRESSION_ROUTES } from './routes/suppression';
import { WEBHOOK_ROUTES } from './routes/webhooks';

export type * from './routes/route';
export { ACCESS_SECRETS, routeSecrets } from './routes/route';

/** The domains' route tables, in the order their routes are listed (and rewritten by Hosting). */
export const ROUTE_TABLES = [
  SUBSCRIBER_ROUTES,
  SIGNUP_ROUTES,
  STAFF_ROUTES,
  STATUS_ROUTES,
  REFERRAL_ROUTES,
  RANKING_ROUTES,
  INVITE_ROUTES,
  WEBHOOK_ROUTES,
  IMPORT_ROUTES,
  SUPPRESSION_ROUTES,
  API_KEY_ROUTES,
  BROADCAST_ROUTES,
] as const;

/** The domains' tables as one type: every route of each. */
type Joined<Tables extends readonly object[]> = Tables extends readonly [
  infer First,
  ...infer Rest extends readonly object[],
]
  ? First & Joined<Rest>
  : unknown;

/** Every route, keyed by function id (a test checks that no id is declared in two domains). */
export const API_ROUTES = Object.assign({}, ...ROUTE_TABLES) as Joined<typeof ROUTE_TABLES>;
API_ROUTES satisfies Record<string, ApiRouteEntry & { readonly domain: RouteDomain }>;

/** A Cloud Function id; each one serves exactly one route. */
export type FunctionId = keyof typeof API_ROUTES;

/** The routes whose callers are staff (the browser client attaches the staff ID token to them). */
export type StaffRouteId = {
  [K in FunctionId]: (typeof API_ROUTES)[K]['access'] extends { kind: 'staff' } ? K : never;
}[FunctionId];

export interface ApiRoute extends ApiRouteEntry {
  readonly functionId: FunctionId;
  readonly domain: RouteDomain;
}

/** The routes, optionally only those of one Hosting site, in registry order. */
export function apiRoutes(hosting?: HostingTarget): ApiRoute[] {
  return (Object.keys(API_ROUTES) as FunctionId[])
    .map((functionId): ApiRoute => ({ functionId, ...API_ROUTES[functionId] }))
    .filter((route) => hosting === undefined || route.hosting === hosting);
}
