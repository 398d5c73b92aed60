// What each route takes and answers, as types only, read from the routes' declarations (routes/*.ts):
// the browser client (packages/data-access) types its calls with it, the functions' frame types each
// handler's answer with it, and REQUEST_SCHEMAS (api-schemas.ts) must accept every request it allows.
import type { API_ROUTES, FunctionId, StaffRouteId } from './api-routes';

export type { FileAnswer, PageAnswer } from './routes/route';
export type { WaitlistUpdateResponse } from './api';

/**
 * Per route: `request`, the JSON body the client sends (a staff route's ID token is added by the client
 * and read by the frame, so it is not part of it), and `answer`, the 200 answer's body.
 */
export type ApiContract = {
  [K in FunctionId]: NonNullable<(typeof API_ROUTES)[K]['contract']>;
};

export type ApiRequest<K extends FunctionId> = ApiContract[K]['request'];
export type ApiAnswer<K extends FunctionId> = ApiContract[K]['answer'];
export type { StaffRouteId };

/** The routes declared without their types (none): each must be declared with `route<Request, Answer>()`. */
type Untyped = {
  [K in FunctionId]: [ApiContract[K]] extends [never] ? K : never;
}[FunctionId];
/** Fails to compile, naming the route, when a route was declared without its contract. */
export const CONTRACT_COVERS_EVERY_ROUTE: [Untyped] extends [never] ? true : Untyped = true;
