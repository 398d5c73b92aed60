// Actors and seed data shared by the rules tests. Every test starts from the same seeded database.
import type { RulesTestContext, RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS, NOT_AVAILABLE, SIGNUP_SOURCE } from '@silk/schema/constants';
import { doc, serverTimestamp, setDoc, Timestamp, type Firestore } from 'firebase/firestore';

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
      return env.authenticatedContext('uid-staff', { email: EMAILS.staff, email_verified: true });
    case 'admin':
      return env.authenticatedContext('uid-admin', { email: EMAILS.admin, email_verified: true });
  }
}

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

export const LOCATION = {
  city: 'Lisbon',
  region: 'Lisbon',
  country: 'Portugal',
  country_code: 'PT',
  latitude: 38.7223,
  longitude: -9.1393,
};

/** A landing-page write exactly as the site sends it. */
export function landingWrite(email: string): Record<string, unknown> {
  return { email, source: SIGNUP_SOURCE, ip: '203.0.113.7', location: LOCATION, timestamp: serverTimestamp() };
}

/** A feedback-form write exactly as the site sends it ('N/A' for blanks). */
export function feedbackWrite(email: string): Record<string, unknown> {
  return {
    email,
    travelFrequency: '4-6 times a year',
    biggestFrustration: 'Juggling twenty tabs.',
    workEmail: NOT_AVAILABLE,
    contentCreator: 'No',
    excitedFeatures: 'Instant planning, AI price hunting',
    suggestionsFeedback: NOT_AVAILABLE,
    socialMedia: '@traveller',
    ip: NOT_AVAILABLE,
    location: { ...LOCATION, latitude: NOT_AVAILABLE, longitude: NOT_AVAILABLE },
    timestamp: serverTimestamp(),
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
      [EMAILS.staff, USERNAMES.staff, ['Staff'], true],
      [EMAILS.admin, USERNAMES.admin, ['Admin', 'Developer'], false],
      [EMAILS.other, USERNAMES.other, ['Director'], false],
    ] as const;
    for (const [email, username, roles, mustChangePassword] of staff) {
      await setDoc(doc(store, COLLECTIONS.staff, email), {
        username,
        roles,
        mustChangePassword,
        createdAt: at,
        createdBy: 'bootstrap',
      });
      await setDoc(doc(store, COLLECTIONS.usernameMappings, username.toLowerCase()), { username, email });
    }
    await setDoc(doc(store, COLLECTIONS.subscribers, EXISTING_SIGNUP), { email: EXISTING_SIGNUP });
    await setDoc(doc(store, COLLECTIONS.auditLog, 'entry-1'), { actor: EMAILS.admin, action: 'seed' });
    await setDoc(doc(store, COLLECTIONS.rateLimits, 'ip-1'), { count: 1 });
  });
}
