// The password change needs proof beyond a valid ID token: the current password, or a sign-in within
// the configured window. Against the emulators: the deployed function (window of 5 minutes) and the
// same handler served here with a window of 1 second, so a real token can be "not recent".
import { COLLECTIONS } from '@silk/schema/constants';
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG, PASSWORD_CHANGED } from '@silk/schema/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { readServerConfig, type ServerConfig } from '../shared/config';
import { createStaff, functionUrl, post, signIn, type TestStaff } from '../../test-support/emulator';
import { serveHandler, type ServedHandler } from '../../test-support/serve-handler';
import { makeChangePasswordHandler, signedInRecently } from './change-password';

const { db } = adminServices();
const WINDOW_SECONDS = 1;

function strictConfig(): ServerConfig {
  const base = readServerConfig({ AUTH_API_KEY: 'demo-api-key' });
  return { ...base, passwordChange: { recentSignInSeconds: WINDOW_SECONDS } };
}

let strict: ServedHandler;
beforeAll(async () => {
  strict = await serveHandler(makeChangePasswordHandler({ config: strictConfig }));
});
afterAll(() => strict.close());

function change(url: string, member: TestStaff, body: Record<string, unknown>) {
  return post<{ error?: string; message?: string }>(
    url,
    { token: member.idToken, ...body },
    { headers: { Authorization: `Bearer ${member.idToken}` } },
  );
}

/** Waits until the member's sign-in is older than the strict window (auth_time has whole seconds). */
const afterTheWindow = () => new Promise((resolve) => setTimeout(resolve, (WINDOW_SECONDS + 1) * 1000 + 100));

async function mustChangePassword(member: TestStaff): Promise<unknown> {
  return (await db.collection(COLLECTIONS.staff).doc(member.email).get()).get('mustChangePassword');
}

describe('changePassword: proof of the current password', () => {
  it('403 for a valid token without the current password and no recent sign-in; nothing changes', async () => {
    const member = await createStaff(['Staff'], { mustChangePassword: true });
    await afterTheWindow();
    for (const body of [{ password: 'N3w-passw0rd!' }, { password: 'N3w-passw0rd!', currentPassword: '' }]) {
      const response = await change(strict.url, member, body);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: CURRENT_PASSWORD_REQUIRED });
    }
    expect(await signIn(member.email, member.password)).toBeTruthy();
    expect(await mustChangePassword(member)).toBe(true);
  });

  it("401 for a wrong current password, or another member's right one", async () => {
    const member = await createStaff(['Staff']);
    const other = await createStaff(['Staff']);
    await afterTheWindow();
    for (const currentPassword of ['Not-the-pass-1', other.password]) {
      const response = await change(strict.url, member, { password: 'N3w-passw0rd!', currentPassword });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: CURRENT_PASSWORD_WRONG });
    }
    expect(await signIn(member.email, member.password)).toBeTruthy();
  });

  it('200 with the current password however old the sign-in: the new password works, the old one not', async () => {
    const member = await createStaff(['Staff'], { mustChangePassword: true });
    await afterTheWindow();
    const newPassword = 'N3w-passw0rd!';
    const response = await change(strict.url, member, {
      password: newPassword,
      currentPassword: member.password,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: PASSWORD_CHANGED });
    expect(await mustChangePassword(member)).toBe(false);
    await expect(signIn(member.email, member.password)).rejects.toThrow(/INVALID_PASSWORD|INVALID_LOGIN/);
    expect(await signIn(member.email, newPassword)).toBeTruthy();
    const audit = await db.collection(COLLECTIONS.auditLog).where('target', '==', member.email).get();
    expect(audit.docs.map((entry) => entry.data())).toContainEqual(
      expect.objectContaining({
        actor: member.email,
        action: 'password.changed',
        details: { proof: 'current-password' },
      }),
    );
  });
});

describe('changePassword: the deployed function (recent sign-in window of 5 minutes)', () => {
  it('the forced first change with the one-time password as the current password: 200, flag cleared', async () => {
    const member = await createStaff(['Staff'], { mustChangePassword: true });
    const response = await change(await functionUrl('changePassword'), member, {
      password: 'F1rst-own-pass!',
      currentPassword: member.password,
    });
    expect(response.status).toBe(200);
    expect(await mustChangePassword(member)).toBe(false);
  });

  it('a sign-in just now is proof enough; a wrong current password is still refused', async () => {
    const member = await createStaff(['Staff']);
    const url = await functionUrl('changePassword');
    const wrong = await change(url, member, { password: 'N3w-passw0rd!', currentPassword: 'Wrong-pass-1!' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: CURRENT_PASSWORD_WRONG });
    expect((await change(url, member, { password: 'N3w-passw0rd!' })).status).toBe(200);
  });
});

describe('signedInRecently', () => {
  const config = { ...readServerConfig({}), passwordChange: { recentSignInSeconds: 300 } };
  const now = 1_800_000_000_000;
  const caller = (authTime?: number) => ({ email: 'a@silk.travel', uid: 'u', authTime });
  it('accepts a sign-in within the window, refuses an older one or none', () => {
    expect(signedInRecently(caller(now / 1000 - 299), config, now)).toBe(true);
    expect(signedInRecently(caller(now / 1000 - 301), config, now)).toBe(false);
    expect(signedInRecently(caller(undefined), config, now)).toBe(false);
  });
});
