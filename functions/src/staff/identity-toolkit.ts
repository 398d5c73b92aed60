// The Auth REST API (Identity Toolkit v1), for what the Admin SDK cannot do: check a password, and
// have Firebase send its password-reset e-mail. The Auth emulator serves the same API when
// FIREBASE_AUTH_EMULATOR_HOST is set (any API key is accepted there).
import { HttpError } from '../http/http';

function baseUrl(): string {
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  return emulator
    ? `http://${emulator}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1';
}

/** The REST error code ("INVALID_PASSWORD", "USER_DISABLED : …" → "USER_DISABLED"). */
export class IdentityToolkitError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

async function call(
  apiKey: string,
  method: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (!apiKey) throw new Error('AUTH_API_KEY is not configured (functions/env/.env.<project-id>).');
  const response = await fetch(`${baseUrl()}/accounts:${method}?key=${encodeURIComponent(apiKey)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown> & {
    error?: { message?: string };
  };
  if (!response.ok) {
    const code = (json.error?.message ?? `HTTP_${response.status}`).split(/\s|:/)[0] ?? '';
    throw new IdentityToolkitError(code);
  }
  return json;
}

/** The account's uid when the password is right; IdentityToolkitError otherwise. */
export async function checkPassword(apiKey: string, email: string, password: string): Promise<string> {
  const json = await call(apiKey, 'signInWithPassword', { email, password, returnSecureToken: false });
  if (typeof json.localId !== 'string') throw new HttpError(502, 'The sign-in service gave no account.');
  return json.localId;
}

export async function sendPasswordResetEmail(apiKey: string, email: string): Promise<void> {
  await call(apiKey, 'sendOobCode', { requestType: 'PASSWORD_RESET', email });
}
