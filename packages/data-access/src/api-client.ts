// HTTP client for our Cloud Functions (SPEC §7, DESIGN §5). fetch only: no Firebase import.
import { API_PATHS } from '@silk/schema/constants';
import type { CreateTeamMemberResponse, SubscribeResponse } from '@silk/schema/api';
import type { NewTeamMember } from '@silk/schema/entities';
import { addMemberSucceeded, httpErrorStatus } from '@silk/schema/messages';
import { spreadsheetFileName } from '@silk/schema/formatters';

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

export function apiUrl(apiBase: string, path: string): string {
  return `${apiBase.replace(/\/+$/, '')}${path}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' } as const;

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });
}

/** SPEC §7.4: POST {api}/subscribe {email}; non-OK raises an ApiError with status and JSON body. */
export async function subscribeToMailingList(apiBase: string, email: string): Promise<SubscribeResponse> {
  const response = await postJson(apiUrl(apiBase, API_PATHS.subscribe), { email });
  const body = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return body as SubscribeResponse;
}

/** SPEC §7.5: POST {api}/waitlist-update {email, recaptcha_token}. The answer is not read. */
export async function verifyBotCheck(apiBase: string, email: string, token: string): Promise<void> {
  const response = await postJson(apiUrl(apiBase, API_PATHS.waitlistUpdate), { email, recaptcha_token: token });
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
    apiUrl(apiBase, API_PATHS.createTeamMember),
    { token: idToken, ...member },
    { Authorization: `Bearer ${idToken}` },
  );
  const body = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, body);
  const data = (body && typeof body === 'object' ? body : {}) as Partial<CreateTeamMemberResponse>;
  const result: CreateTeamMemberResponse = {
    message: typeof data.message === 'string' && data.message !== '' ? data.message : addMemberSucceeded(member.username),
  };
  if (typeof data.temporaryPassword === 'string') result.temporaryPassword = data.temporaryPassword;
  return result;
}

/** The file name of a Content-Disposition header, if any. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : null;
}

/**
 * SPEC §7 admin call: POST {api}/xlsxdown {token} (no auth header). Resolves the spreadsheet and its
 * file name (the server's, else waitlist_signups_YYYY-MM-DD.xlsx); non-OK throws an ApiError.
 */
export async function downloadWaitlist(apiBase: string, idToken: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetch(apiUrl(apiBase, API_PATHS.exportWaitlist), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: idToken }),
  });
  if (!response.ok) throw new ApiError(response.status, await readJson(response));
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? spreadsheetFileName();
  return { blob, fileName };
}
