// createTeamMember over HTTP against the Functions emulator (and, for the injected Firestore failure,
// the same handler served locally with a failing write): every status with its body and what was stored.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  addMemberSucceeded,
  ADMIN_REQUIRED,
  AUTH_REQUIRED,
  EMAIL_ALREADY_REGISTERED,
  ID_TOKEN_MISSING,
  INTERNAL_ERROR,
  INVALID_EMAIL,
  INVALID_ROLES,
  INVALID_USERNAME,
  PASSWORD_POLICY,
  RATE_LIMITED,
  TEAM_FIELDS_REQUIRED,
  USERNAME_TAKEN,
} from '@silk/schema/messages';
import { isStrongPassword, normalizeEmail, usernameKey } from '@silk/schema/validators';
import { Timestamp } from 'firebase-admin/firestore';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCreateTeamMemberHandler } from './create-team-member';
import { adminServices } from '../shared/admin';
import { serveHandler } from '../../test-support/serve-handler';
import {
  createStaff,
  functionUrl,
  post,
  signIn,
  signUpOutsider,
  unique,
  uniqueEmail,
} from '../../test-support/emulator';
import { expectRefusal, type Refusal } from '../../test-support/refusals';

let url: string;
const { auth, db } = adminServices();

beforeAll(async () => {
  url = await functionUrl('createTeamMember');
});

const PASSWORD = 'Tr4vel!Plans';

function newMember(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('member'),
    username: unique('m').slice(0, 24),
    password: PASSWORD,
    roles: ['Staff'],
    ...overrides,
  };
}

/** POST as the SPEC's client does: Bearer header and the token in the body. */
function addAs(idToken: string, member: Record<string, unknown>, target = url) {
  return post(target, { token: idToken, ...member }, { headers: { Authorization: `Bearer ${idToken}` } });
}

async function authUserExists(email: string): Promise<boolean> {
  try {
    await auth.getUserByEmail(email);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return false;
    throw error;
  }
}

async function expectNothingCreated(member: Record<string, unknown>) {
  if (typeof member.email === 'string' && member.email.includes('@')) {
    expect(await authUserExists(normalizeEmail(member.email))).toBe(false);
    expect((await db.collection(COLLECTIONS.staff).doc(normalizeEmail(member.email)).get()).exists).toBe(
      false,
    );
  }
  if (typeof member.username === 'string' && member.username.trim()) {
    const mapping = await db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(member.username)).get();
    expect(mapping.exists).toBe(false);
  }
}

/** Adding `member` as the holder of `idToken` is refused as `refusal` says, and nothing of it is created. */
async function expectAddRefused(idToken: string, member: Record<string, unknown>, refusal: Refusal) {
  expectRefusal(await addAs(idToken, member), refusal);
  await expectNothingCreated(member);
}

describe('createTeamMember: who may call', () => {
  it('answers 401 with the SPEC message when no token is sent, creating nothing', async () => {
    const member = newMember();
    expectRefusal(await post(url, member), [401, ID_TOKEN_MISSING]);
    await expectNothingCreated(member);
  });

  it('answers 401 for a forged token, creating nothing', async () => {
    const forged = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: 'nobody', email: 'root@silk.test' }),
    ).toString('base64url')}.`;
    await expectAddRefused(forged, newMember(), [401, AUTH_REQUIRED]);
  });

  it('answers 401 for a revoked token (verifyIdToken with the revocation check)', async () => {
    const admin = await createStaff(['Admin']);
    await sleep(1100); // revocation is to the second: the token must predate it
    await auth.revokeRefreshTokens((await auth.getUserByEmail(admin.email)).uid);
    await expectAddRefused(admin.idToken, newMember(), [401, AUTH_REQUIRED]);
  });

  it('refuses a Staff member (not Admin) with 403, creating nothing', async () => {
    const staff = await createStaff(['Staff', 'Developer']);
    await expectAddRefused(staff.idToken, newMember(), [403, ADMIN_REQUIRED]);
  });

  it('refuses a signed-in user who is not staff at all with 403', async () => {
    const outsider = await signUpOutsider();
    await expectAddRefused(outsider.idToken, newMember(), [403, ADMIN_REQUIRED]);
  });
});

describe('createTeamMember: an Admin adds a member', () => {
  it('with a typed temporary password: 200 with the SPEC message; the member signs in with it', async () => {
    const admin = await createStaff(['Admin']);
    const member = newMember({
      email: `  ${uniqueEmail('Typed').toUpperCase()} `,
      roles: ['Developer', 'Staff'],
    });
    const email = normalizeEmail(member.email as string);
    const response = await addAs(admin.idToken, member);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: addMemberSucceeded(member.username as string) });

    const staff = await db.collection(COLLECTIONS.staff).doc(email).get();
    expect(staff.get('username')).toBe(member.username);
    expect(staff.get('roles')).toEqual(['Developer', 'Staff']);
    expect(staff.get('mustChangePassword')).toBe(true);
    expect(staff.get('createdBy')).toBe(admin.email);
    expect(staff.get('createdAt')).toBeInstanceOf(Timestamp);
    const mapping = await db
      .collection(COLLECTIONS.usernameMappings)
      .doc(usernameKey(member.username as string))
      .get();
    expect(mapping.data()).toEqual({ username: member.username, email });
    expect(await signIn(email, PASSWORD)).toBeTruthy();
    // Staff are matched by verified e-mail: the Admin vouches for the address.
    expect((await auth.getUserByEmail(email)).emailVerified).toBe(true);

    const audit = await db.collection(COLLECTIONS.auditLog).where('target', '==', email).get();
    expect(audit.size).toBe(1);
    const entry = audit.docs[0]!.data();
    expect(entry).toMatchObject({
      actor: admin.email,
      action: 'member.added',
      target: email,
      details: { username: member.username, roles: ['Developer', 'Staff'], generatedPassword: false },
    });
    expect(entry.at).toBeInstanceOf(Timestamp);
    expect(JSON.stringify(entry)).not.toContain(PASSWORD);
  });

  it('with the password left empty: a generated one-time password, returned once, that signs in', async () => {
    const admin = await createStaff(['Admin']);
    const member = newMember({ password: '   ' });
    const response = await addAs(admin.idToken, member);
    expect(response.status).toBe(200);
    const body = response.body as { message: string; temporaryPassword: string };
    expect(body.message.startsWith(addMemberSucceeded(member.username as string))).toBe(true);
    expect(isStrongPassword(body.temporaryPassword)).toBe(true);
    expect(body.temporaryPassword.length).toBeGreaterThanOrEqual(16);
    expect(body.message).toContain(body.temporaryPassword);
    expect(await signIn(member.email as string, body.temporaryPassword)).toBeTruthy();
    const staff = await db
      .collection(COLLECTIONS.staff)
      .doc(member.email as string)
      .get();
    expect(staff.get('mustChangePassword')).toBe(true);
    const audit = await db.collection(COLLECTIONS.auditLog).where('target', '==', member.email).get();
    expect(audit.docs[0]!.get('details.generatedPassword')).toBe(true);
    expect(JSON.stringify(audit.docs[0]!.data())).not.toContain(body.temporaryPassword);
  });

  it('accepts the ID token from the body alone (no Authorization header)', async () => {
    const admin = await createStaff(['Admin']);
    const member = newMember();
    const response = await post(url, { token: admin.idToken, ...member });
    expect(response.status).toBe(200);
    expect(await authUserExists(member.email as string)).toBe(true);
  });
});

describe('createTeamMember: validation (400), creating nothing', () => {
  it.each([
    ['no e-mail', { email: '' }, TEAM_FIELDS_REQUIRED],
    ['a blank username', { username: '   ' }, TEAM_FIELDS_REQUIRED],
    ['an e-mail without @', { email: 'maya.example.com' }, INVALID_EMAIL],
    ['a password without a special character', { password: 'Abcdefg1' }, PASSWORD_POLICY],
    ['a 7-character password', { password: 'Ab1!xyz' }, PASSWORD_POLICY],
    ['a username with @', { username: 'maya@home' }, INVALID_USERNAME],
    ['a 2-character username', { username: 'ab' }, INVALID_USERNAME],
    ['a role outside the 15', { roles: ['Staff', 'Overlord'] }, INVALID_ROLES],
    ['roles that are not a list', { roles: 'Admin' }, INVALID_ROLES],
  ])('refuses %s', async (_label, overrides, message) => {
    const admin = await createStaff(['Admin']);
    await expectAddRefused(admin.idToken, newMember(overrides), [400, message]);
  });
});

describe('createTeamMember: conflicts (409)', () => {
  it('refuses a username already taken, whatever its case', async () => {
    const admin = await createStaff(['Admin']);
    const first = newMember({ username: unique('Maya').slice(0, 24) });
    expect((await addAs(admin.idToken, first)).status).toBe(200);
    const second = newMember({ username: (first.username as string).toUpperCase() });
    expectRefusal(await addAs(admin.idToken, second), [409, USERNAME_TAKEN]);
    expect(await authUserExists(second.email as string)).toBe(false);
    const mapping = await db
      .collection(COLLECTIONS.usernameMappings)
      .doc(usernameKey(first.username as string))
      .get();
    expect(mapping.get('email')).toBe(first.email);
  });

  it('refuses an e-mail that already has an account, leaving it untouched', async () => {
    const admin = await createStaff(['Admin']);
    const existing = await createStaff(['Staff']);
    const member = newMember({ email: existing.email, roles: ['Admin'] });
    expectRefusal(await addAs(admin.idToken, member), [409, EMAIL_ALREADY_REGISTERED]);
    const staff = await db.collection(COLLECTIONS.staff).doc(existing.email).get();
    expect(staff.get('roles')).toEqual(['Staff']);
    expect(staff.get('username')).toBe(existing.username);
    expect(
      (
        await db
          .collection(COLLECTIONS.usernameMappings)
          .doc(usernameKey(member.username as string))
          .get()
      ).exists,
    ).toBe(false);
    expect(await signIn(existing.email, existing.password)).toBeTruthy(); // password unchanged
  });

  it('turns two simultaneous requests for one username into exactly one member', async () => {
    const admin = await createStaff(['Admin']);
    const username = unique('twin').slice(0, 24);
    const a = newMember({ username });
    const b = newMember({ username });
    const responses = await Promise.all([addAs(admin.idToken, a), addAs(admin.idToken, b)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const loser = responses.find((response) => response.status === 409)!;
    expect(loser.body).toEqual({ error: USERNAME_TAKEN });
    const created = [await authUserExists(a.email as string), await authUserExists(b.email as string)];
    expect(created.filter(Boolean)).toHaveLength(1);
    const winner = created[0] ? a : b;
    const mapping = await db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(username)).get();
    expect(mapping.get('email')).toBe(winner.email);
    const staffDocs = await Promise.all(
      [a, b].map((m) =>
        db
          .collection(COLLECTIONS.staff)
          .doc(m.email as string)
          .get(),
      ),
    );
    expect(staffDocs.filter((doc) => doc.exists)).toHaveLength(1);
  });
});

describe('createTeamMember: failure part-way and rate limiting', () => {
  it('deletes the Auth user when the Firestore write fails (injected), answering 500', async () => {
    const admin = await createStaff(['Admin']);
    let attempted = false;
    const served = await serveHandler(
      makeCreateTeamMemberHandler({
        commitMember: async () => {
          attempted = true;
          throw new Error('injected Firestore failure');
        },
      }),
    );
    try {
      const member = newMember();
      const response = await addAs(admin.idToken, member, served.url);
      expect(attempted).toBe(true);
      expectRefusal(response, [500, INTERNAL_ERROR]);
      expect(response.text).not.toContain('injected');
      await expectNothingCreated(member);
    } finally {
      await served.close();
    }
  });

  it('answers 429 once an Admin exceeds the per-caller limit (20 a minute in the emulator)', async () => {
    const admin = await createStaff(['Admin']);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await addAs(admin.idToken, { email: '', username: '' })).status).toBe(400);
    }
    await expectAddRefused(admin.idToken, newMember(), [429, RATE_LIMITED]);
  });
});
