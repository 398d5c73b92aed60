// The Auth emulator's password sign-in (Identity Toolkit REST at FIREBASE_AUTH_EMULATOR_HOST), for benches
// and tests that act as an account.

/** The sign-in's answer as the emulator gives it (not `ok`: a wrong password, an unknown account…). */
export function passwordSignIn(email: string, password: string): Promise<Response> {
  return fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
}

/** The account's ID token; throws when the sign-in is refused. */
export async function passwordIdToken(email: string, password: string): Promise<string> {
  const response = await passwordSignIn(email, password);
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in failed (${response.status})`);
  return body.idToken;
}
