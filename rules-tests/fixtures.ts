// Actors and seed data shared by the rules tests. Every test starts from the same seeded database.
import type { RulesTestContext, RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS, NOT_AVAILABLE, SIGNUP_SOURCE } from '@silk/schema/constants';
import { LISBON } from '@silk/schema/locations-cases';
import { FEEDBACK_FIELDS, feedbackQuestion, type FeedbackField } from '@silk/schema/signup-fields';
import { doc, serverTimestamp, setDoc, Timestamp, type Firestore } from 'firebase/firestore';
import { createHash } from 'node:crypto';

/** One projectId for every rules case: the coverage report is per project. */
export const RULES_PROJECT_ID = 'demo-silk-rules';

export type ActorName = 'visitor' | 'self-registered' | 'staff' | 'admin';
export const ACTORS: ActorName[] = ['visitor', 'self-registered', 'staff', 'admin'];

export const EMAILS = {
  selfRegistered: 'self@example.com',
  staff: 'staff@silk.travel',
  admin: 'admin@silk.travel',
  claimStaff: 'claim@silk.travel',
  other: 'other@silk.travel',
  mustChange: 'fresh@silk.travel',
  disabled: 'gone@silk.travel',
  reRegistered: 'former@silk.travel',
} as const;

/** The Auth account each seeded staff record belongs to (its `uid` field). */
export const UIDS = {
  staff: 'uid-staff',
  admin: 'uid-admin',
  other: 'uid-other',
  mustChange: 'uid-fresh',
  disabled: 'uid-gone',
  reRegistered: 'uid-former',
} as const;

export const USERNAMES = { staff: 'Stella', admin: 'Ada', other: 'Otto' } as const;

export const EXISTING_SIGNUP = 'existing@example.com';

export function actor(env: RulesTestEnvironment, name: ActorName): RulesTestContext {
  switch (name) {
    case 'visitor':
      return env.unauthenticatedContext();
    case 'self-registered':
      // Created through the Auth REST API by the user: signed in, e-mail set, but no staff document.
      return env.authenticatedContext('uid-self', { email: EMAILS.selfRegistered, email_verified: true });
    case 'staff':
      return env.authenticatedContext(UIDS.staff, { email: EMAILS.staff, email_verified: true });
    case 'admin':
      return env.authenticatedContext(UIDS.admin, { email: EMAILS.admin, email_verified: true });
  }
}

function verifiedDb(env: RulesTestEnvironment, uid: string, email: string): Firestore {
  return env.authenticatedContext(uid, { email, email_verified: true }).firestore() as unknown as Firestore;
}

/** A member (Admin) who has not yet replaced their one-time password. */
export const mustChangeDb = (env: RulesTestEnvironment) =>
  verifiedDb(env, UIDS.mustChange, EMAILS.mustChange);

/** An Admin whose account an Admin disabled. */
export const disabledDb = (env: RulesTestEnvironment) => verifiedDb(env, UIDS.disabled, EMAILS.disabled);

/**
 * Someone who registered a removed Admin's address again and verified it: same e-mail, new account.
 * The leftover staff record still names the old account.
 */
export const reRegisteredDb = (env: RulesTestEnvironment) =>
  verifiedDb(env, 'uid-newcomer', EMAILS.reRegistered);

export function db(env: RulesTestEnvironment, name: ActorName): Firestore {
  // rules-unit-testing types its instance as the compat Firestore; it is the modular one at runtime.
  return actor(env, name).firestore() as unknown as Firestore;
}

/** The e-mail of a signed-in actor (visitors have none). */
export function emailOf(name: ActorName): string {
  if (name === 'self-registered') return EMAILS.selfRegistered;
  if (name === 'staff') return EMAILS.staff;
  if (name === 'admin') return EMAILS.admin;
  throw new Error('a visitor has no e-mail');
}

export const LOCATION = LISBON;

/** A fresh edit key, as the site's browser session makes one for each feedback write. */
export function newEditKey(): string {
  return `k${crypto.randomUUID().replaceAll('-', '')}`;
}

/** The form a signup stores an edit key in: its SHA-256, lower-case hex (@silk/schema/edit-key). */
export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The edit key of the owner's session of `email`: the one its landing write binds (the same each time). */
export function sessionKey(email: string): string {
  return createHash('sha256').update(`session of ${email}`).digest('base64url');
}

/**
 * A landing-page write exactly as the site sends it, with the hash of the session's edit key (the
 * owner's by default); `null`: without a key, as the site writes a repeat signup another session created.
 */
export function landingWrite(
  email: string,
  editKey: string | null = sessionKey(email),
): Record<string, unknown> {
  return {
    email,
    source: SIGNUP_SOURCE,
    ip: '203.0.113.7',
    location: LOCATION,
    timestamp: serverTimestamp(),
    updatedAt: serverTimestamp(),
    ...(editKey === null ? {} : { editKeyHash: keyHash(editKey) }),
  };
}

/** Sample answers to the feedback questions; a question without one here answers its first choice. */
const SAMPLE_ANSWERS: Partial<Record<FeedbackField, string>> = {
  travelFrequency: '4-6 times a year',
  biggestFrustration: 'Juggling twenty tabs.',
  workEmail: NOT_AVAILABLE,
  contentCreator: 'No',
  excitedFeatures: 'Instant planning, AI price hunting',
  suggestionsFeedback: NOT_AVAILABLE,
  socialMedia: '@traveller',
};

/** An answer to every feedback question of the signup fields registry. */
export const FEEDBACK_ANSWERS: Record<FeedbackField, string> = Object.fromEntries(
  FEEDBACK_FIELDS.map((field) => [
    field,
    SAMPLE_ANSWERS[field] ?? feedbackQuestion(field).choices?.[0] ?? 'An answer',
  ]),
) as Record<FeedbackField, string>;

/**
 * A feedback-form write exactly as the site sends it ('N/A' for blanks): a new edit key's hash, and the key
 * this session stored last time as `prevEditKey` (by default the owner's, bound by its landing write;
 * `null`: none, as a session that holds no key would write).
 */
export function feedbackWrite(
  email: string,
  keys: { editKey?: string; prevEditKey?: string | null } = {},
): Record<string, unknown> {
  const prevEditKey = keys.prevEditKey === undefined ? sessionKey(email) : keys.prevEditKey;
  return {
    email,
    editKeyHash: keyHash(keys.editKey ?? newEditKey()),
    ...(prevEditKey === null ? {} : { prevEditKey }),
    ...FEEDBACK_ANSWERS,
    ip: NOT_AVAILABLE,
    location: { ...LOCATION, latitude: NOT_AVAILABLE, longitude: NOT_AVAILABLE },
    timestamp: serverTimestamp(),
    updatedAt: serverTimestamp(),
  };
}

export async function seed(env: RulesTestEnvironment): Promise<void> {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const store = context.firestore();
    const at = Timestamp.fromDate(new Date('2025-05-01T10:00:00Z'));
    await setDoc(doc(store, COLLECTIONS.waitlistSignups, EXISTING_SIGNUP), {
      email: EXISTING_SIGNUP,
      source: SIGNUP_SOURCE,
      ip: '198.51.100.1',
      location: LOCATION,
      timestamp: at,
      botCheck: { score: 0.9, action: 'waitlist_update', checkedAt: at },
    });
    const staff = [
      [EMAILS.staff, UIDS.staff, USERNAMES.staff, ['Staff'], { mustChangePassword: false }],
      [EMAILS.admin, UIDS.admin, USERNAMES.admin, ['Admin', 'Developer'], { mustChangePassword: false }],
      [EMAILS.other, UIDS.other, USERNAMES.other, ['Director'], { mustChangePassword: false }],
      [EMAILS.mustChange, UIDS.mustChange, 'Fresh', ['Admin'], { mustChangePassword: true }],
      [EMAILS.disabled, UIDS.disabled, 'Gone', ['Admin'], { mustChangePassword: false, disabled: true }],
      [EMAILS.reRegistered, UIDS.reRegistered, 'Former', ['Admin'], { mustChangePassword: false }],
    ] as const;
    for (const [email, uid, username, roles, flags] of staff) {
      await setDoc(doc(store, COLLECTIONS.staff, email), {
        uid,
        username,
        roles,
        ...flags,
        createdAt: at,
        createdBy: 'bootstrap',
      });
      await setDoc(doc(store, COLLECTIONS.usernameMappings, username.toLowerCase()), { username, email });
    }
    await setDoc(doc(store, COLLECTIONS.subscribers, EXISTING_SIGNUP), { email: EXISTING_SIGNUP });
    await setDoc(doc(store, COLLECTIONS.auditLog, 'entry-1'), { actor: EMAILS.admin, action: 'seed' });
    await setDoc(doc(store, COLLECTIONS.rateLimits, 'ip-1'), { count: 1 });
    await setDoc(doc(store, COLLECTIONS.referrals, 'friend@example.com'), {
      referred: 'friend@example.com',
      referrer: EXISTING_SIGNUP,
      code: 'abcd2345',
      status: 'withheld',
      reason: 'network-burst',
      createdAt: at.toMillis(),
    });
    await setDoc(doc(store, COLLECTIONS.referralCodes, 'abcd2345'), {
      email: EXISTING_SIGNUP,
      createdAt: at.toMillis(),
    });
    await setDoc(doc(store, 'settings', 'ranking'), { rule: { kind: 'signup-time' }, version: 1 });
    await setDoc(doc(store, 'settings', 'other'), { value: 1 });
    await setDoc(doc(store, 'rank_entries', 'entry-1'), { key: 1 });
  });
}

/** Which actors read what only ready staff read: the members, not visitors or self-registered users. */
export const READY_STAFF_READS: Record<ActorName, boolean> = {
  visitor: false,
  'self-registered': false,
  staff: true,
  admin: true,
};
