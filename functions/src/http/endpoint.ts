// The frame of every staff call: CORS and body checks, the caller (verified, bound to its staff record,
// enabled; then the access the call needs), the rate limit, then the action's JSON answer.
import type { FunctionId } from '@silk/schema/api-routes';
import { STAFF_REQUIRED } from '@silk/schema/messages';
import type { LimitedFunction } from '../shared/config';
import type { AdminServices } from '../shared/admin';
import { idTokenFrom, requireReadyAdmin, requireReadyStaff, verifyCaller, type Caller } from './auth';
import { clientIp, HttpError, jsonEndpoint, sendJson, type HttpHandler, type JsonBody } from './http';
import { enforceFunctionLimits } from './rate-limit';
import { serverDeps, type ServerDeps } from '../shared/server-deps';

export type StaffEndpointDeps = ServerDeps;

/**
 * admin: a ready member holding Admin. ready: any member who has set their own password.
 * any-member: a member still on a one-time password too (only the password change itself).
 */
export type StaffAccess = 'admin' | 'ready' | 'any-member';

const ACCESS_CHECKS: Record<StaffAccess, (caller: Caller, refusal?: string) => { email: string; uid: string }> = {
  admin: (caller, refusal) => requireReadyAdmin(caller, refusal),
  ready: (caller) => requireReadyStaff(caller),
  'any-member': (caller) => {
    if (caller.roles === null) throw new HttpError(403, STAFF_REQUIRED);
    return caller;
  },
};

export type StaffAction = (
  context: { services: AdminServices; caller: { email: string; uid: string } },
  body: JsonBody,
) => Promise<unknown>;

export function staffEndpoint(
  name: FunctionId,
  /** `refusal`: the 403 message of an Admin call (default: the Team Manager's). */
  access: { require: StaffAccess; limit: LimitedFunction; refusal?: string },
  action: StaffAction,
  deps: Partial<StaffEndpointDeps> = {},
): HttpHandler {
  const { services, config } = serverDeps(deps);
  return jsonEndpoint(name, () => config().allowedOrigins, async (req, res, body) => {
    const current = services();
    const verified = await verifyCaller(current.auth, current.db, idTokenFrom(req, body));
    const caller = ACCESS_CHECKS[access.require](verified, access.refusal);
    await enforceFunctionLimits(current.db, config().rateLimits, access.limit, clientIp(req), caller.email);
    sendJson(res, 200, await action({ services: current, caller }, body));
  });
}

/** The Team Manager's calls: Admin only, limited together. */
export function teamEndpoint(name: FunctionId, action: StaffAction, deps: Partial<StaffEndpointDeps> = {}): HttpHandler {
  return staffEndpoint(name, { require: 'admin', limit: 'manageTeam' }, action, deps);
}
