// HTTP client for our Cloud Functions (SPEC §7, DESIGN §5). fetch only: no Firebase import.
import { API_ROUTES, type FunctionId } from '@silk/schema/api-routes';
import { APP_CHECK_HEADER, DEFAULT_API_BASE } from '@silk/schema/constants';
import type { CreateTeamMemberResponse, ExportWaitlistRequest, SubscribeResponse } from '@silk/schema/api';
import type { NewTeamMember } from '@silk/schema/entities';
import { addMemberSucceeded, httpErrorStatus } from '@silk/schema/messages';
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
 * POST a JSON call to one of our routes, with the caller's ID token when given (as a Bearer header and
 * `token` in the body, as every staff call sends it). Non-OK raises an ApiError with the server's message.
 */
export async function callApi<T>(
  apiBase: string,
  route: FunctionId,
  body: Record<string, unknown>,
  idToken?: string,
): Promise<T> {
  const url = apiUrl(apiBase, API_ROUTES[route].path);
  const response = idToken
    ? await postJson(url, { token: idToken, ...body }, { Authorization: `Bearer ${idToken}` })
    : await postJson(url, body);
  const json = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, json);
  return json as T;
}

/** The App Check header for a token, none without one. */
function appCheckHeaders(appCheckToken?: string | null): Record<string, string> {
  return appCheckToken ? { [APP_CHECK_HEADER]: appCheckToken } : {};
}

/**
 * SPEC §7.4: POST {api}/subscribe {email} with the App Check token; non-OK raises an ApiError with status
 * and JSON body. Sent with keepalive, so the call completes even when the page has already moved on to
 * /waitlist.
 */
export async function subscribeToMailingList(
  apiBase: string,
  email: string,
  appCheckToken?: string | null,
): Promise<SubscribeResponse> {
  const url = apiUrl(apiBase, API_ROUTES.subscribe.path);
  const response = await postJson(url, { email }, appCheckHeaders(appCheckToken), { keepalive: true });
  const body = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return body as SubscribeResponse;
}

/** SPEC §7.5: POST {api}/waitlist-update {email, recaptcha_token} with the App Check token. The answer is not read. */
export async function verifyBotCheck(
  apiBase: string,
  email: string,
  token: string,
  appCheckToken?: string | null,
): Promise<void> {
  const url = apiUrl(apiBase, API_ROUTES.waitlistUpdate.path);
  const response = await postJson(url, { email, recaptcha_token: token }, appCheckHeaders(appCheckToken));
  if (!response.ok) throw new ApiError(response.status, await readJson(response));
}

/**
 * SPEC §7 admin call: POST {api}/admin with the Bearer ID token and {token, email, username, password,
 * roles}. Non-OK throws an ApiError whose message is the server's error text or 'HTTP error! status: N'.
 */
export async function addTeamMember(
  apiBase: string,
  idToken: string,
  member: NewTeamMember,
): Promise<CreateTeamMemberResponse> {
  const response = await postJson(
    apiUrl(apiBase, API_ROUTES.createTeamMember.path),
    { token: idToken, ...member },
    { Authorization: `Bearer ${idToken}` },
  );
  const body = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, body);
  const data = (body && typeof body === 'object' ? body : {}) as Partial<CreateTeamMemberResponse>;
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
 * SPEC §7 admin call: POST {api}/xlsxdown {token} (no auth header); with a view of the signups table,
 * {token, view}: the server exports only the rows the view leaves. `timeZone` (IANA): the zone of the
 * sheet's Signup Date column (UTC without it). Resolves the spreadsheet; non-OK throws an ApiError.
 */
export async function downloadWaitlist(
  apiBase: string,
  idToken: string,
  view?: SignupView,
  timeZone?: string,
): Promise<Blob> {
  const request: ExportWaitlistRequest = { ...(view ? { view } : {}), ...(timeZone ? { timeZone } : {}) };
  const response = await fetch(apiUrl(apiBase, API_ROUTES.exportWaitlist.path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: idToken, ...request }),
  });
  if (!response.ok) throw new ApiError(response.status, await readJson(response));
  return response.blob();
}
