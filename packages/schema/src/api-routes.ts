// Every route of our HTTP API, keyed by the Cloud Function that serves it: its public path, the Hosting
// site that rewrites the path to the function, and the methods it accepts. The Vite dev proxies are built
// from this list; tests check that firebase.json, the functions' exports and the API client agree with it.
// To add a route: one entry here, the function in functions/src (exported by index.ts) and its rewrite.

export type HostingTarget = 'site' | 'admin';
export type HttpMethod = 'POST';

export interface ApiRouteEntry {
  /** Path on the Hosting site (and on the app's dev server); every path starts with DEFAULT_API_BASE. */
  readonly path: string;
  readonly hosting: HostingTarget;
  readonly methods: readonly HttpMethod[];
}

export const API_ROUTES = {
  subscribe: { path: '/api/subscribe', hosting: 'site', methods: ['POST'] },
  waitlistUpdate: { path: '/api/waitlist-update', hosting: 'site', methods: ['POST'] },
  joinWaitlist: { path: '/api/join', hosting: 'site', methods: ['POST'] },
  confirmSubscription: { path: '/api/confirm', hosting: 'site', methods: ['POST'] },
  unsubscribe: { path: '/api/unsubscribe', hosting: 'site', methods: ['POST'] },
  resubscribe: { path: '/api/resubscribe', hosting: 'site', methods: ['POST'] },
  eraseSubscriber: { path: '/api/erase', hosting: 'site', methods: ['POST'] },
  createTeamMember: { path: '/api/admin', hosting: 'admin', methods: ['POST'] },
  exportWaitlist: { path: '/api/xlsxdown', hosting: 'admin', methods: ['POST'] },
  signIn: { path: '/api/sign-in', hosting: 'admin', methods: ['POST'] },
  requestPasswordReset: { path: '/api/password-reset', hosting: 'admin', methods: ['POST'] },
  changePassword: { path: '/api/account/password', hosting: 'admin', methods: ['POST'] },
  changeUsername: { path: '/api/account/username', hosting: 'admin', methods: ['POST'] },
  teamList: { path: '/api/team/list', hosting: 'admin', methods: ['POST'] },
  teamUpdate: { path: '/api/team/update', hosting: 'admin', methods: ['POST'] },
  teamRemove: { path: '/api/team/remove', hosting: 'admin', methods: ['POST'] },
  deleteSignup: { path: '/api/signups/delete', hosting: 'admin', methods: ['POST'] },
} as const satisfies Record<string, ApiRouteEntry>;

/** A Cloud Function id; each one serves exactly one route. */
export type FunctionId = keyof typeof API_ROUTES;

export interface ApiRoute extends ApiRouteEntry {
  readonly functionId: FunctionId;
}

/** The routes, optionally only those of one Hosting site, in registry order. */
export function apiRoutes(hosting?: HostingTarget): ApiRoute[] {
  return (Object.keys(API_ROUTES) as FunctionId[])
    .map((functionId): ApiRoute => ({ functionId, ...API_ROUTES[functionId] }))
    .filter((route) => hosting === undefined || route.hosting === hosting);
}
