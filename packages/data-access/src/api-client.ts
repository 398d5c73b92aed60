// HTTP client for our Cloud Functions (PRODUCT.md#api, DESIGN §5). fetch only: no Firebase import. Every call is
// typed by its route's contract (@silk/schema/api-contract): a wrong body or a misread answer fails
// `tsc`. Staff routes (declared `access: staff` in api-routes) carry the caller's ID token, which comes
// from one place: an ApiClient made by `staffClient` (auth.ts).
import type { ApiAnswer, ApiRequest } from '@silk/schema/api-contract';
import { API_ROUTES, type FunctionId, type StaffRouteId } from '@silk/schema/api-routes';
import { APP_CHECK_HEADER, DEFAULT_API_BASE } from '@silk/schema/constants';
import type { CreateTeamMemberResponse, ExportWaitlistRequest, SubscribeResponse } from '@silk/schema/api';
import type { NewTeamMember } from '@silk/schema/entities';
import { addMemberSucceeded, httpErrorStatus, ID_TOKEN_MISSING } from '@silk/schema/messages';
import type { SignupView } from '@silk/schema/signup-view';

/** A non-OK answer of our API: the HTTP status and the JSON body (null when it was not JSON). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(errorText(body) ?? httpErrorStatus(status));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function errorText(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return undefined;
}

/** The URL of a route's public path (which starts with DEFAULT_API_BASE) under the configured `apiBase`. */
export function apiUrl(apiBase: string, path: string): string {
  return `${apiBase.replace(/\/+$/, '')}${path.slice(DEFAULT_API_BASE.length)}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' } as const;

async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  init: RequestInit = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: JSON.stringify(body),
    ...init,
  });
}

/**
 * Where calls go: the API base, and for staff routes the signed-in member's ID token (resolved once by
 * `staffClient`, the one way a staff token is had). `appCheckToken`: the calling app's App Check token
 * source (the panel's services bring one), sent on every call as X-Firebase-AppCheck.
 */
export interface ApiClient {
  readonly apiBase: string;
  readonly staffToken?: string;
  readonly appCheckToken?: () => Promise<string | null>;
}

/** A staff call without a signed-in member: nothing is sent, and the panel asks to sign in again. */
export class StaffTokenMissing extends Error {
  constructor() {
    super(ID_TOKEN_MISSING);
    this.name = 'StaffTokenMissing';
  }
}

/** The routes that answer JSON (the spreadsheet route answers a file: downloadWaitlist). */
export type JsonRouteId = {
  [K in FunctionId]: (typeof API_ROUTES)[K]['answer'] extends 'json' ? K : never;
}[FunctionId];

function isStaffRoute(route: FunctionId): route is StaffRouteId {
  return API_ROUTES[route].access.kind === 'staff';
}

/** The staff token of a staff route's call (StaffTokenMissing without one); none for other routes. */
function staffTokenFor(client: ApiClient, route: FunctionId): string | undefined {
  if (!isStaffRoute(route)) return undefined;
  if (!client.staffToken) throw new StaffTokenMissing();
  return client.staffToken;
}

/** How a route's request goes: with keepalive (it outlives the page), and whether the staff token also goes as a Bearer header. */
interface SendOptions {
  keepalive?: boolean;
  bearer?: boolean;
}

/**
 * The one place a request to our API is made: POSTs `body` to `route` as JSON with the client's App
 * Check token; a staff route also carries the client's ID token (`token` in the body, and as a Bearer
 * header unless the route's caller says otherwise).
 */
async function send(
  client: ApiClient,
  route: FunctionId,
  body: object,
  { keepalive = false, bearer = true }: SendOptions = {},
): Promise<Response> {
  const url = apiUrl(client.apiBase, API_ROUTES[route].path);
  const idToken = staffTokenFor(client, route);
  const headers = {
    ...(idToken && bearer ? { Authorization: `Bearer ${idToken}` } : {}),
    ...appCheckHeaders(await client.appCheckToken?.()),
  };
  return postJson(url, idToken ? { token: idToken, ...body } : body, headers, keepalive ? { keepalive } : {});
}

/**
 * POSTs `body` to `route` as JSON, typed by the route's contract; a staff route also carries the client's
 * ID token (as a Bearer header and `token` in the body, as every staff call sends it). Non-OK raises an
 * ApiError with the server's message.
 */
export async function callApi<K extends JsonRouteId>(
  client: ApiClient,
  route: K,
  body: ApiRequest<K>,
  options: Pick<SendOptions, 'keepalive'> = {},
): Promise<ApiAnswer<K>> {
  const response = await send(client, route, body, options);
  const json = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, json);
  return json as ApiAnswer<K>;
}

/** A client of the site's own calls: the API base and the App Check token already had (no staff token). */
function siteClient(apiBase: string, appCheckToken?: string | null): ApiClient {
  return { apiBase, appCheckToken: () => Promise.resolve(appCheckToken ?? null) };
}

/** The App Check header for a token, none without one. */
function appCheckHeaders(appCheckToken?: string | null): Record<string, string> {
  return appCheckToken ? { [APP_CHECK_HEADER]: appCheckToken } : {};
}

/**
 * PRODUCT.md#api: POST {api}/subscribe {email} with the App Check token; non-OK raises an ApiError with status
 * and JSON body. Sent with keepalive, so the call completes even when the page has already moved on to
 * /waitlist.
 */
export function subscribeToMailingList(
  apiBase: string,
  email: string,
  appCheckToken?: string | null,
  ref?: string | null,
): Promise<SubscribeResponse> {
  const request: ApiRequest<'subscribe'> = ref ? { email, ref } : { email };
  return callApi(siteClient(apiBase, appCheckToken), 'subscribe', request, { keepalive: true });
}

/** PRODUCT.md#api: POST {api}/waitlist-update {email, recaptcha_token} with the App Check token. The answer is not read. */
export async function verifyBotCheck(
  apiBase: string,
  email: string,
  token: string,
  appCheckToken?: string | null,
): Promise<void> {
  await callApi(siteClient(apiBase, appCheckToken), 'waitlistUpdate', { email, recaptcha_token: token });
}

/**
 * PRODUCT.md#api admin call: POST {api}/admin with the Bearer ID token and {token, email, username, password,
 * roles}. Non-OK throws an ApiError whose message is the server's error text or 'HTTP error! status: N'.
 */
export async function addTeamMember(
  client: ApiClient,
  member: NewTeamMember,
): Promise<CreateTeamMemberResponse> {
  const answer: unknown = await callApi(client, 'createTeamMember', member);
  const data = (answer && typeof answer === 'object' ? answer : {}) as Partial<CreateTeamMemberResponse>;
  const result: CreateTeamMemberResponse = {
    message:
      typeof data.message === 'string' && data.message !== ''
        ? data.message
        : addMemberSucceeded(member.username),
  };
  if (typeof data.temporaryPassword === 'string') result.temporaryPassword = data.temporaryPassword;
  return result;
}

/**
 * PRODUCT.md#api admin call: POST {api}/xlsxdown {token} (no auth header); with a view of the signups table,
 * {token, view}: the server exports only the rows the view leaves. `timeZone` (IANA): the zone of the
 * sheet's Signup Date column (UTC without it). Resolves the spreadsheet; non-OK throws an ApiError.
 */
export async function downloadWaitlist(
  client: ApiClient,
  view?: SignupView,
  timeZone?: string,
): Promise<Blob> {
  const request: ExportWaitlistRequest = { ...(view ? { view } : {}), ...(timeZone ? { timeZone } : {}) };
  // The spreadsheet call carries the token in its body only (PRODUCT.md#api), and answers a file.
  const response = await send(client, 'exportWaitlist', request, { bearer: false });
  if (!response.ok) throw new ApiError(response.status, await readJson(response));
  return response.blob();
}
