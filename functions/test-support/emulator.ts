// Helpers for the functions' emulator tests: URLs of the running functions, staff accounts, ID tokens
// from the Auth emulator's REST API, unique test data.
import type { FunctionId } from '@silk/schema/api-routes';
import { APP_CHECK_HEADER } from '@silk/schema/constants';
import { generateOneTimePassword } from '@silk/schema/password';
import type { Role } from '@silk/schema/roles';
import { mintAppCheckToken, type TokenRequest } from '@silk/stack/app-check-stub';
import { discoverStack } from '@silk/stack/stack';
import { ensureStaffMember } from '@silk/stack/staff';
import { randomBytes } from 'node:crypto';
import { beforeAll, vi } from 'vitest';
import { adminServices } from '../src/shared/admin';

export type FunctionName = FunctionId;

export async function functionUrl(name: FunctionName): Promise<string> {
  const { functionsUrl } = await discoverStack();
  if (!functionsUrl) throw new Error('The Functions emulator is not running (build functions/deploy first).');
  return `${functionsUrl}/${name}`;
}

/**
 * The URLs of the functions `names` (a key for each function), filled in by a beforeAll of the calling
 * file.
 */
export function functionUrls<Key extends string>(names: Record<Key, FunctionName>): Record<Key, string> {
  const urls = {} as Record<Key, string>;
  beforeAll(async () => {
    for (const [key, name] of Object.entries(names) as [Key, FunctionName][])
      urls[key] = await functionUrl(name);
  });
  return urls;
}

/** Reads until `check` holds for the value (a trigger of the Functions emulator has run); that value. */
export function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeout = 15_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!check(value)) throw new Error('not yet');
      return value;
    },
    { timeout, interval: 100 },
  );
}

export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

export function uniqueEmail(prefix = 'fn'): string {
  return `${unique(prefix)}@functions.test`;
}

function authEmulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run inside `firebase emulators:exec`.');
  return host;
}

/** Signs in through the Auth emulator's REST API (as a browser would); throws with the REST error. */
export async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(
    `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!response.ok || !body.idToken)
    throw new Error(body.error?.message ?? `sign-in failed (${response.status})`);
  return body.idToken;
}

/**
 * A user who registered themselves through the Auth REST API (e-mail unverified): signed in, but not
 * staff, even when the address is a (removed) member's.
 */
export async function signUpOutsider(
  email = uniqueEmail('outsider'),
): Promise<{ email: string; idToken: string }> {
  const response = await fetch(
    `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: generateOneTimePassword(), returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken: string };
  return { email, idToken: body.idToken };
}

/** The App Check header with a token of the stack's stand-in issuer (valid unless `request` asks otherwise). */
export async function appCheckHeaders(request?: TokenRequest): Promise<Record<string, string>> {
  return { [APP_CHECK_HEADER]: await mintAppCheckToken(request) };
}

export interface TestStaff {
  email: string;
  username: string;
  password: string;
  idToken: string;
}

export async function createStaff(
  roles: Role[],
  options: { mustChangePassword?: boolean } = {},
): Promise<TestStaff> {
  const { auth, db } = adminServices();
  const email = uniqueEmail('staff');
  const username = unique('u').slice(0, 32);
  const password = generateOneTimePassword();
  await ensureStaffMember(auth, db, { email, username, roles, password, ...options });
  return { email, username, password, idToken: await signIn(email, password) };
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** POSTs JSON (or the given raw body) and reads the answer as text and, when possible, JSON. */
export async function post<T = Record<string, unknown>>(
  url: string,
  body: unknown,
  init: { headers?: Record<string, string>; method?: string; raw?: string } = {},
): Promise<JsonResponse<T>> {
  const response = await fetch(url, {
    method: init.method ?? 'POST',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: init.method === 'GET' || init.method === 'OPTIONS' ? undefined : (init.raw ?? JSON.stringify(body)),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/**
 * POSTs to the function `name` as the site does, with a valid App Check token; the URL and the token are
 * fetched in a beforeAll of the calling file.
 */
export function appCheckedCaller(name: FunctionName): (body: unknown) => Promise<JsonResponse> {
  let url: string;
  let headers: Record<string, string>;
  beforeAll(async () => {
    url = await functionUrl(name);
    headers = await appCheckHeaders();
  });
  return (body) => post(url, body, { headers });
}
