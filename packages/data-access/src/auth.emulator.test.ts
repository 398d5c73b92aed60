import { COLLECTIONS } from '@silk/schema/constants';
import * as messages from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import type { User } from 'firebase/auth';
import { afterAll, describe, expect, it } from 'vitest';
import {
  authErrorMessage,
  getIdToken,
  onAuthChange,
  sendPasswordResetForIdentifier,
  setNewPassword,
  signInWithIdentifier,
  signOutUser,
} from './auth';
import {
  deleteAllApps,
  freshServices,
  newStaffMember,
  TEST_PASSWORD,
  uniqueEmail,
  uniqueUsername,
} from '../test-support/emulator';

const admin = adminSdk();
afterAll(deleteAllApps);

const member = (options: { mustChangePassword?: boolean } = {}) =>
  newStaffMember({ email: 'member', username: 'Member' }, options);

async function resetCodesFor(email: string): Promise<number> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const project = process.env.GCLOUD_PROJECT ?? 'demo-silk';
  const response = await fetch(`http://${host}/emulator/v1/projects/${project}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: Array<{ email: string; requestType: string }> };
  return oobCodes.filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET').length;
}

describe('signInWithIdentifier (PRODUCT.md#validation, PRODUCT.md#messages)', () => {
  it('signs in with an e-mail', async () => {
    const { email } = await member();
    const services = freshServices();
    const credential = await signInWithIdentifier(services, `  ${email} `, TEST_PASSWORD);
    expect(credential.user.email).toBe(email);
    expect(services.auth.currentUser?.email).toBe(email);
  });

  it('signs in with a username (any case) through the signIn function', async () => {
    const { email, username } = await member();
    const services = freshServices();
    await signInWithIdentifier(services, username.toUpperCase(), TEST_PASSWORD);
    expect(services.auth.currentUser?.email).toBe(email);
  });

  it("answers 'Username not found.' for an unknown username", async () => {
    await expect(
      signInWithIdentifier(freshServices(), uniqueUsername('ghost'), TEST_PASSWORD),
    ).rejects.toThrow(messages.USERNAME_NOT_FOUND);
  });

  it.each([
    ['', TEST_PASSWORD],
    ['   ', TEST_PASSWORD],
    ['ana@silk.travel', ''],
  ])('requires both fields (%j, %j)', async (identifier, password) => {
    await expect(signInWithIdentifier(freshServices(), identifier, password)).rejects.toThrow(
      messages.SIGN_IN_FIELDS_REQUIRED,
    );
  });

  it("answers 'Incorrect password.' for a wrong password", async () => {
    const { email, username } = await member();
    await expect(signInWithIdentifier(freshServices(), email, 'Wr0ng!pass')).rejects.toThrow(
      messages.AUTH_WRONG_PASSWORD,
    );
    await expect(signInWithIdentifier(freshServices(), username, 'Wr0ng!pass')).rejects.toThrow(
      messages.AUTH_WRONG_PASSWORD,
    );
  });

  it("answers 'No account found with this email address.' for an unknown e-mail", async () => {
    await expect(signInWithIdentifier(freshServices(), uniqueEmail('nobody'), TEST_PASSWORD)).rejects.toThrow(
      messages.AUTH_USER_NOT_FOUND,
    );
  });

  it("answers 'Invalid email address format.' for a malformed e-mail", async () => {
    await expect(signInWithIdentifier(freshServices(), 'broken@', TEST_PASSWORD)).rejects.toThrow(
      messages.AUTH_INVALID_EMAIL,
    );
  });

  it("answers 'This account has been disabled.' for a disabled account", async () => {
    const { email } = await member();
    const { uid } = await admin.auth.getUserByEmail(email);
    await admin.auth.updateUser(uid, { disabled: true });
    await expect(signInWithIdentifier(freshServices(), email, TEST_PASSWORD)).rejects.toThrow(
      messages.AUTH_USER_DISABLED,
    );
  });
});

describe('authErrorMessage', () => {
  it.each([
    ['auth/user-not-found', messages.AUTH_USER_NOT_FOUND],
    ['auth/wrong-password', messages.AUTH_WRONG_PASSWORD],
    ['auth/invalid-credential', messages.AUTH_WRONG_PASSWORD],
    ['auth/invalid-login-credentials', messages.AUTH_WRONG_PASSWORD],
    ['auth/invalid-email', messages.AUTH_INVALID_EMAIL],
    ['auth/user-disabled', messages.AUTH_USER_DISABLED],
  ])('maps %s to the SPEC message', (code, message) => {
    expect(authErrorMessage(Object.assign(new Error('Firebase: Error'), { code }))).toBe(message);
  });
  it("keeps the service's message for any other code", () => {
    const error = Object.assign(new Error('Firebase: Error (auth/too-many-requests).'), {
      code: 'auth/too-many-requests',
    });
    expect(authErrorMessage(error)).toBe('Firebase: Error (auth/too-many-requests).');
  });
});

describe('sendPasswordResetForIdentifier', () => {
  it('sends the reset e-mail for an e-mail or a username', async () => {
    const { email, username } = await member();
    await expect(sendPasswordResetForIdentifier(freshServices(), email)).resolves.toBeUndefined();
    await expect(sendPasswordResetForIdentifier(freshServices(), username)).resolves.toBeUndefined();
    expect(await resetCodesFor(email)).toBe(2);
  });

  it('requires an identifier', async () => {
    await expect(sendPasswordResetForIdentifier(freshServices(), '  ')).rejects.toThrow(
      messages.RESET_IDENTIFIER_REQUIRED,
    );
  });

  it("answers 'Username not found.' for an unknown username and sends nothing", async () => {
    await expect(sendPasswordResetForIdentifier(freshServices(), uniqueUsername('ghost'))).rejects.toThrow(
      messages.USERNAME_NOT_FOUND,
    );
  });

  it('answers an unknown e-mail as a known one (nobody learns who has an account) and sends nothing', async () => {
    const email = uniqueEmail('noreset');
    await expect(sendPasswordResetForIdentifier(freshServices(), email)).resolves.toBeUndefined();
    expect(await resetCodesFor(email)).toBe(0);
  });
});

describe('auth state, ID token and sign-out', () => {
  it('notifies the listener on sign-in and sign-out, and stops after unsubscribe', async () => {
    const { email } = await member();
    const services = freshServices();
    const seen: Array<string | null> = [];
    let resolveNext: (() => void) | null = null;
    const next = () => new Promise<void>((resolve) => (resolveNext = resolve));
    let waiting = next();
    const unsubscribe = onAuthChange(services, (user: User | null) => {
      seen.push(user?.email ?? null);
      resolveNext?.();
    });
    await waiting; // initial state: signed out
    waiting = next();
    await signInWithIdentifier(services, email, TEST_PASSWORD);
    await waiting;
    expect(await getIdToken(services)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/);
    waiting = next();
    await signOutUser(services);
    await waiting;
    expect(seen).toEqual([null, email, null]);
    expect(await getIdToken(services)).toBeNull();
    unsubscribe();
    await signInWithIdentifier(services, email, TEST_PASSWORD);
    expect(seen).toEqual([null, email, null]);
  });
});

describe('setNewPassword', () => {
  it('sets the new password and clears the own mustChangePassword flag', async () => {
    const { email } = await member({ mustChangePassword: true });
    const services = freshServices();
    await signInWithIdentifier(services, email, TEST_PASSWORD);
    await setNewPassword(services, 'N3w!Password');
    const staff = await admin.db.collection(COLLECTIONS.staff).doc(email).get();
    expect(staff.get('mustChangePassword')).toBe(false);
    await expect(signInWithIdentifier(freshServices(), email, TEST_PASSWORD)).rejects.toThrow(
      messages.AUTH_WRONG_PASSWORD,
    );
    await expect(signInWithIdentifier(freshServices(), email, 'N3w!Password')).resolves.toBeTruthy();
  });

  it('sends the current password as proof: a wrong one is refused with its message, the right one works', async () => {
    const { email } = await member({ mustChangePassword: true });
    const services = freshServices();
    await signInWithIdentifier(services, email, TEST_PASSWORD);
    await expect(setNewPassword(services, 'N3w!Password', 'Wrong!Pass1')).rejects.toThrow(
      messages.CURRENT_PASSWORD_WRONG,
    );
    await setNewPassword(services, 'N3w!Password', TEST_PASSWORD);
    await expect(signInWithIdentifier(freshServices(), email, 'N3w!Password')).resolves.toBeTruthy();
  });

  it('enforces the password policy', async () => {
    const { email } = await member();
    const services = freshServices();
    await signInWithIdentifier(services, email, TEST_PASSWORD);
    await expect(setNewPassword(services, 'weakpass')).rejects.toThrow(messages.PASSWORD_POLICY);
  });

  it('requires a signed-in user', async () => {
    await expect(setNewPassword(freshServices(), 'N3w!Password')).rejects.toThrow(
      messages.USER_NOT_AUTHENTICATED,
    );
  });
});
