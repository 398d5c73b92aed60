// waitlist_signups: visitors write a validated shape (create and merge), staff read and list.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS, FEEDBACK_FIELDS, SIGNUP_SOURCE } from '@silk/schema/constants';
import { ACCEPTED_ADDRESSES, REFUSED_ADDRESSES } from '@silk/schema/email-grammar-cases';
import { normalizeEmail } from '@silk/schema/validators';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  ACTORS,
  db,
  disabledDb,
  EMAILS,
  EXISTING_SIGNUP,
  feedbackWrite,
  keyHash,
  landingWrite,
  LOCATION,
  mustChangeDb,
  newEditKey,
  reRegisteredDb,
  sessionKey,
  type ActorName,
} from './fixtures';
import { check } from './operations';

const SIGNUPS = COLLECTIONS.waitlistSignups;
const ALLOWED: Record<'read' | 'write' | 'delete', Record<ActorName, boolean>> = {
  // Signing up is public (no account); a signed-in user writes through the same validated shape.
  write: { visitor: true, 'self-registered': true, staff: true, admin: true },
  read: { visitor: false, 'self-registered': false, staff: true, admin: true },
  delete: { visitor: false, 'self-registered': false, staff: false, admin: false },
};

/** Inputs the table refuses that cannot even name a document (empty, or a path) are left to the other layers. */
const isDocumentId = (id: string) => id !== '' && !id.includes('/');

export function signupCases(env: () => RulesTestEnvironment): void {
  describe('waitlist_signups: every actor × operation', () => {
    describe.each(ACTORS)('%s', (name) => {
      it(`${ALLOWED.read[name] ? 'may' : 'may not'} get one signup`, async () => {
        await check(ALLOWED.read[name], getDoc(doc(db(env(), name), SIGNUPS, EXISTING_SIGNUP)));
      });
      it(`${ALLOWED.read[name] ? 'may' : 'may not'} list the signups`, async () => {
        await check(ALLOWED.read[name], getDocs(collection(db(env(), name), SIGNUPS)));
      });
      it('may create a signup with the landing shape', async () => {
        const email = `new-${name}@example.com`;
        await check(
          ALLOWED.write[name],
          setDoc(doc(db(env(), name), SIGNUPS, email), landingWrite(email), { merge: true }),
        );
      });
      it('may merge feedback into an existing signup', async () => {
        await check(
          ALLOWED.write[name],
          setDoc(doc(db(env(), name), SIGNUPS, EXISTING_SIGNUP), feedbackWrite(EXISTING_SIGNUP), {
            merge: true,
          }),
        );
      });
      it('may not delete a signup', async () => {
        await check(ALLOWED.delete[name], deleteDoc(doc(db(env(), name), SIGNUPS, EXISTING_SIGNUP)));
      });
    });

    it(`signup_deletions (the deletions feed): listed by ready staff only, written by no browser`, async () => {
      const feed = (database: ReturnType<typeof db>) => collection(database, COLLECTIONS.signupDeletions);
      for (const name of ACTORS) await check(ALLOWED.read[name], getDocs(feed(db(env(), name))));
      await assertFails(getDocs(feed(mustChangeDb(env()))));
      await assertFails(getDocs(feed(disabledDb(env()))));
      await assertFails(getDocs(feed(reRegisteredDb(env()))));
      for (const name of ACTORS) {
        await assertFails(
          setDoc(doc(feed(db(env(), name)), 'a'.repeat(64)), { deletedAt: serverTimestamp() }),
        );
      }
    });

    it.each([COLLECTIONS.signupCounts, COLLECTIONS.recentSignups])(
      '%s (the total, the recent copies): listed by ready staff only, written by no browser',
      async (name) => {
        const feed = (database: ReturnType<typeof db>) => collection(database, name);
        for (const actor of ACTORS) await check(ALLOWED.read[actor], getDocs(feed(db(env(), actor))));
        await assertFails(getDocs(feed(mustChangeDb(env()))));
        await assertFails(getDocs(feed(disabledDb(env()))));
        for (const actor of ACTORS) await assertFails(setDoc(doc(feed(db(env(), actor)), '0'), { count: 1 }));
      },
    );

    it('refuses a custom claim `staff` without a staff record of the same account (claims grant nothing)', async () => {
      const claimed = env()
        .authenticatedContext('uid-claim', { email: 'claim@silk.travel', staff: true })
        .firestore();
      await assertFails(getDocs(collection(claimed, SIGNUPS)));
    });

    it('refuses a member still on their one-time password (mustChangePassword)', async () => {
      await assertFails(getDocs(collection(mustChangeDb(env()), SIGNUPS)));
      await assertFails(getDoc(doc(mustChangeDb(env()), SIGNUPS, EXISTING_SIGNUP)));
    });

    it("refuses a disabled member and an account re-registered for a removed member's address", async () => {
      await assertFails(getDocs(collection(disabledDb(env()), SIGNUPS)));
      await assertFails(getDocs(collection(reRegisteredDb(env()), SIGNUPS)));
    });

    it("refuses an unverified account holding a member's e-mail (registered on its own after removal)", async () => {
      const impostor = env().authenticatedContext('uid-impostor', {
        email: EMAILS.staff,
        email_verified: false,
      });
      await assertFails(getDocs(collection(impostor.firestore(), SIGNUPS)));
    });

    it('refuses a signed-in user whose token has no e-mail (anonymous auth)', async () => {
      const anonymous = env().authenticatedContext('uid-anon', {
        firebase: { sign_in_provider: 'anonymous' },
      });
      await assertFails(getDocs(collection(anonymous.firestore(), SIGNUPS)));
    });
  });

  describe('waitlist_signups: the visitor write is validated', () => {
    const visitor = () => db(env(), 'visitor');
    const write = (id: string, data: Record<string, unknown>) =>
      setDoc(doc(visitor(), SIGNUPS, id), data, { merge: true });

    it('accepts a valid signup and stores it with the server time', async () => {
      const email = 'valid@example.com';
      await assertSucceeds(write(email, landingWrite(email)));
      await env().withSecurityRulesDisabled(async (context) => {
        const stored = (await getDoc(doc(context.firestore(), SIGNUPS, email))).data();
        expect(stored).toMatchObject({ email, source: SIGNUP_SOURCE, ip: '203.0.113.7', location: LOCATION });
        expect(stored?.timestamp).toBeInstanceOf(Timestamp);
      });
    });

    it('accepts a repeat signup (merge) of the same e-mail and keeps server-only fields', async () => {
      await assertSucceeds(write(EXISTING_SIGNUP, landingWrite(EXISTING_SIGNUP)));
      await assertSucceeds(write(EXISTING_SIGNUP, landingWrite(EXISTING_SIGNUP)));
      await env().withSecurityRulesDisabled(async (context) => {
        const stored = (await getDoc(doc(context.firestore(), SIGNUPS, EXISTING_SIGNUP))).data();
        expect(stored?.botCheck).toMatchObject({ score: 0.9 });
        expect(stored?.ip).toBe('203.0.113.7');
      });
    });

    it('accepts a feedback write with every field at its maximum length', async () => {
      const email = 'long@example.com';
      await assertSucceeds(write(email, landingWrite(email)));
      await assertSucceeds(
        write(email, {
          ...feedbackWrite(email),
          travelFrequency: 't'.repeat(200),
          biggestFrustration: 'b'.repeat(2000),
          workEmail: `${'w'.repeat(242)}@example.com`,
          contentCreator: 'c'.repeat(200),
          excitedFeatures: 'e'.repeat(2000),
          suggestionsFeedback: 's'.repeat(2000),
          socialMedia: 'm'.repeat(200),
        }),
      );
    });

    it('refuses an extra key', async () => {
      await assertFails(write('extra@example.com', { ...landingWrite('extra@example.com'), admin: true }));
    });

    it('refuses a visitor writing the server-only botCheck or aiTool', async () => {
      await assertFails(write(EXISTING_SIGNUP, { ...landingWrite(EXISTING_SIGNUP), botCheck: { score: 1 } }));
      await assertFails(write('ai@example.com', { ...landingWrite('ai@example.com'), aiTool: 'ChatGPT' }));
    });

    it('refuses an e-mail different from the document id', async () => {
      await assertFails(write('one@example.com', landingWrite('two@example.com')));
    });

    it('refuses an upper-case id (even with a matching e-mail)', async () => {
      await assertFails(write('Upper@Example.com', landingWrite('Upper@Example.com')));
    });

    it('refuses an id that is not an e-mail address', async () => {
      await assertFails(write('not-an-email', landingWrite('not-an-email')));
    });

    // The address grammar's shared table (@silk/schema/email-grammar-cases): the rules accept exactly
    // what the site and the functions accept, as the normalised document id.
    it.each(ACCEPTED_ADDRESSES)('accepts the address $address', async ({ address }) => {
      await assertSucceeds(write(address, landingWrite(address)));
    });

    it.each(REFUSED_ADDRESSES.filter(({ input }) => isDocumentId(normalizeEmail(input))))(
      'refuses $input ($why)',
      async ({ input }) => {
        const id = normalizeEmail(input);
        await assertFails(write(id, landingWrite(id)));
      },
    );

    it('refuses an e-mail longer than 254 characters', async () => {
      const email = `${'a'.repeat(243)}@example.com`;
      expect(email).toHaveLength(255);
      await assertFails(write(email, landingWrite(email)));
    });

    it.each([
      ['a client timestamp', 'timestamp', 'clock@example.com'],
      [
        'a client updatedAt (the changes feed of the admin panel follows server time only)',
        'updatedAt',
        'clock2@example.com',
      ],
    ])('refuses %s', async (_label, field, email) => {
      await assertFails(write(email, { ...landingWrite(email), [field]: Timestamp.now() }));
    });

    /** The landing write without one of its fields. */
    const landingWithout = (email: string, field: string) =>
      Object.fromEntries(Object.entries(landingWrite(email)).filter(([key]) => key !== field));

    it('refuses a write without a timestamp', async () => {
      await assertFails(write('notime@example.com', landingWithout('notime@example.com', 'timestamp')));
    });

    it('refuses a write without updatedAt, on create and on update', async () => {
      await assertFails(write('noupdate@example.com', landingWithout('noupdate@example.com', 'updatedAt')));
      const email = 'later@example.com';
      await assertSucceeds(write(email, landingWrite(email)));
      await assertFails(write(email, { email, ip: '203.0.113.8', timestamp: serverTimestamp() }));
      await assertSucceeds(
        write(email, {
          email,
          ip: '203.0.113.8',
          timestamp: serverTimestamp(),
          updatedAt: serverTimestamp(),
        }),
      );
    });

    it('refuses a source other than Homepage Hero', async () => {
      await assertFails(
        write('src@example.com', { ...landingWrite('src@example.com'), source: 'Elsewhere' }),
      );
    });

    it('refuses a 5 KB string in any text field', async () => {
      const big = 'x'.repeat(5 * 1024);
      const email = 'big@example.com';
      await assertSucceeds(write(email, landingWrite(email)));
      for (const field of ['ip', ...FEEDBACK_FIELDS]) {
        await assertFails(write(email, { ...feedbackWrite(email), [field]: big }));
      }
      await assertFails(write(email, { ...landingWrite(email), location: { ...LOCATION, city: big } }));
    });

    it('refuses a short-text field one character over 200', async () => {
      const email = 'over@example.com';
      await assertSucceeds(write(email, landingWrite(email)));
      await assertFails(write(email, { ...feedbackWrite(email), socialMedia: 'm'.repeat(201) }));
    });

    it('refuses non-string feedback values', async () => {
      const email = 'types@example.com';
      await assertSucceeds(write(email, landingWrite(email)));
      await assertFails(write(email, { ...feedbackWrite(email), contentCreator: true }));
      await assertFails(write(email, { ...feedbackWrite(email), excitedFeatures: ['a', 'b'] }));
    });

    it('refuses a location with an extra key, a missing key, or an object value', async () => {
      const email = 'loc@example.com';
      await assertFails(write(email, { ...landingWrite(email), location: { ...LOCATION, zip: '1000' } }));
      const { city: _city, ...withoutCity } = LOCATION;
      await assertFails(write(email, { ...landingWrite(email), location: withoutCity }));
      await assertFails(
        write(email, { ...landingWrite(email), location: { ...LOCATION, city: { formula: '1+1' } } }),
      );
      await assertFails(write(email, { ...landingWrite(email), location: 'Lisbon' }));
    });

    it.each([
      ['the source', { source: 'Other' }],
      ['the e-mail', { email: 'x@example.com' }],
    ])('refuses an update that changes %s', async (_, change) => {
      await assertFails(
        updateDoc(doc(visitor(), SIGNUPS, EXISTING_SIGNUP), {
          ...change,
          timestamp: serverTimestamp(),
          updatedAt: serverTimestamp(),
        }),
      );
    });

    it('refuses an update that overwrites a legacy source, even with Homepage Hero', async () => {
      await env().withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore(), SIGNUPS, 'legacy@example.com'), {
          email: 'legacy@example.com',
          source: 'Footer',
        });
      });
      await assertFails(write('legacy@example.com', landingWrite('legacy@example.com')));
      await assertSucceeds(write('legacy@example.com', feedbackWrite('legacy@example.com')));
    });
  });

  describe('waitlist_signups: feedback answers belong to the session that created the signup', () => {
    const visitor = () => db(env(), 'visitor');
    const write = (id: string, data: Record<string, unknown>) =>
      setDoc(doc(visitor(), SIGNUPS, id), data, { merge: true });
    const stored = async (id: string) => {
      let data: Record<string, unknown> | undefined;
      await env().withSecurityRulesDisabled(async (context) => {
        data = (await getDoc(doc(context.firestore(), SIGNUPS, id))).data();
      });
      return data;
    };
    const blanks = Object.fromEntries(FEEDBACK_FIELDS.map((field) => [field, '']));

    /** The owner's session: signed up (binding its key), then gave feedback naming it; its new key. */
    async function answered(email: string): Promise<string> {
      const key = newEditKey();
      await assertSucceeds(write(email, landingWrite(email)));
      await assertSucceeds(write(email, feedbackWrite(email, { editKey: key })));
      return key;
    }

    it("the signup is created with its session's key, and its first feedback names it", async () => {
      const email = 'claim@example.com';
      await assertSucceeds(write(email, landingWrite(email)));
      expect((await stored(email))?.editKeyHash).toBe(keyHash(sessionKey(email)));
      const key = newEditKey();
      await assertSucceeds(write(email, feedbackWrite(email, { editKey: key })));
      expect(await stored(email)).toMatchObject({
        editKeyHash: keyHash(key),
        prevEditKey: sessionKey(email),
        travelFrequency: '4-6 times a year',
      });
    });

    it('refuses to create a signup without a key (every signup is bound when it is first written)', async () => {
      await assertFails(write('nokey@example.com', landingWrite('nokey@example.com', null)));
      expect(await stored('nokey@example.com')).toBeUndefined();
    });

    it("feedback pre-written by a stranger does not lock out the owner's session", async () => {
      const email = 'target@example.com';
      // Before the owner signs up: feedback needs a signup, so nothing is stored and no key is bound.
      await assertFails(write(email, feedbackWrite(email, { prevEditKey: null })));
      expect(await stored(email)).toBeUndefined();
      await assertSucceeds(write(email, landingWrite(email)));
      // After: the stranger holds no key, names a wrong one, or tries a landing write with their own.
      const strangerKey = newEditKey();
      await assertFails(write(email, feedbackWrite(email, { editKey: strangerKey, prevEditKey: null })));
      await assertFails(
        write(email, feedbackWrite(email, { editKey: strangerKey, prevEditKey: newEditKey() })),
      );
      await assertFails(
        write(email, { ...feedbackWrite(email, { prevEditKey: null }), travelFrequency: 'Never' }),
      );
      expect((await stored(email))?.travelFrequency).toBeUndefined();
      // The owner's session answers, naming the key its signup bound.
      const ownerKey = newEditKey();
      await assertSucceeds(write(email, feedbackWrite(email, { editKey: ownerKey })));
      expect(await stored(email)).toMatchObject({
        editKeyHash: keyHash(ownerKey),
        travelFrequency: '4-6 times a year',
      });
    });

    it('a stranger can neither claim nor change the key of a signup', async () => {
      const email = 'keyed@example.com';
      await assertSucceeds(write(email, landingWrite(email)));
      const touch = { email, timestamp: serverTimestamp(), updatedAt: serverTimestamp() };
      await assertFails(write(email, landingWrite(email, newEditKey())));
      await assertFails(write(email, { ...touch, editKeyHash: keyHash(newEditKey()) }));
      await assertFails(
        write(email, { ...touch, editKeyHash: keyHash(newEditKey()), prevEditKey: newEditKey() }),
      );
      await assertFails(
        updateDoc(doc(visitor(), SIGNUPS, email), { ...touch, editKeyHash: keyHash(newEditKey()) }),
      );
      // Naming the stored hash itself proves nothing.
      await assertFails(
        write(email, {
          ...touch,
          editKeyHash: keyHash(newEditKey()),
          prevEditKey: keyHash(sessionKey(email)),
        }),
      );
      // A repeat signup of another session (no key) is taken and leaves the key as it is.
      await assertSucceeds(write(email, landingWrite(email, null)));
      expect((await stored(email))?.editKeyHash).toBe(keyHash(sessionKey(email)));
    });

    it('a signup stored without a key (before keys were bound) is claimed by the first write that carries one', async () => {
      await assertSucceeds(write(EXISTING_SIGNUP, landingWrite(EXISTING_SIGNUP)));
      expect((await stored(EXISTING_SIGNUP))?.editKeyHash).toBe(keyHash(sessionKey(EXISTING_SIGNUP)));
      await assertFails(write(EXISTING_SIGNUP, landingWrite(EXISTING_SIGNUP, newEditKey())));
      await assertFails(write(EXISTING_SIGNUP, feedbackWrite(EXISTING_SIGNUP, { prevEditKey: null })));
    });

    it("a stranger's merge without the key can neither blank nor replace the answers", async () => {
      const email = 'victim@example.com';
      await answered(email);
      const before = await stored(email);
      await assertFails(
        write(email, { email, ...blanks, timestamp: serverTimestamp(), updatedAt: serverTimestamp() }),
      );
      await assertFails(write(email, { ...feedbackWrite(email), travelFrequency: 'Never' })); // the spent signup key
      await assertFails(
        write(email, { ...feedbackWrite(email, { prevEditKey: null }), travelFrequency: 'Never' }),
      );
      await assertFails(
        write(email, { ...feedbackWrite(email, { prevEditKey: newEditKey() }), travelFrequency: 'Never' }),
      );
      await assertFails(
        write(email, {
          email,
          editKeyHash: keyHash(newEditKey()),
          timestamp: serverTimestamp(),
          updatedAt: serverTimestamp(),
        }),
      );
      const after = await stored(email);
      for (const field of FEEDBACK_FIELDS) expect(after?.[field]).toEqual(before?.[field]);
      expect(after?.editKeyHash).toBe(before?.editKeyHash);
    });

    it("the owner's session changes its answers by naming its key (and gets a new one)", async () => {
      const email = 'owner@example.com';
      const key = await answered(email);
      const next = newEditKey();
      await assertSucceeds(
        write(email, { ...feedbackWrite(email, { editKey: next, prevEditKey: key }), socialMedia: '@me' }),
      );
      expect(await stored(email)).toMatchObject({ editKeyHash: keyHash(next), socialMedia: '@me' });
      // The old key is spent.
      await assertFails(write(email, feedbackWrite(email, { prevEditKey: key })));
    });

    it("a repeat signup (landing fields, no key or the session's own) still succeeds and leaves the answers alone", async () => {
      const email = 'repeat@example.com';
      const key = await answered(email);
      await assertSucceeds(write(email, landingWrite(email, null)));
      await assertSucceeds(write(email, landingWrite(email, key)));
      expect(await stored(email)).toMatchObject({
        editKeyHash: keyHash(key),
        travelFrequency: '4-6 times a year',
      });
    });

    it('a member of staff reads no edit key, and no value a member reads lets them rewrite the answers; the session still can', async () => {
      const email = 'readable@example.com';
      const first = await answered(email);
      const current = newEditKey();
      await assertSucceeds(
        write(email, {
          ...feedbackWrite(email, { editKey: current, prevEditKey: first }),
          socialMedia: '@owner',
        }),
      );
      const member = db(env(), 'staff');
      const read = (await getDoc(doc(member, SIGNUPS, email))).data() ?? {};
      const listed =
        (await getDocs(collection(member, SIGNUPS))).docs.find((signup) => signup.id === email)?.data() ?? {};
      for (const data of [read, listed]) {
        expect(data.socialMedia).toBe('@owner');
        expect(data.editKey).toBeUndefined();
        expect(JSON.stringify(data)).not.toContain(current);
      }
      // Every string the member read, named as the key, by the member or by a visitor.
      const candidates = Object.values(read).filter((value): value is string => typeof value === 'string');
      expect(candidates).toContain(read.editKeyHash);
      expect(candidates).toContain(read.prevEditKey);
      for (const prevEditKey of candidates) {
        for (const writer of [member, visitor()]) {
          const rewrite = { ...feedbackWrite(email, { prevEditKey }), socialMedia: '@rewritten' };
          await assertFails(setDoc(doc(writer, SIGNUPS, email), rewrite, { merge: true }));
        }
      }
      expect((await stored(email))?.socialMedia).toBe('@owner');
      // The visitor's own session still changes its answers.
      await assertSucceeds(
        write(email, { ...feedbackWrite(email, { prevEditKey: current }), socialMedia: '@still-mine' }),
      );
      expect((await stored(email))?.socialMedia).toBe('@still-mine');
    });

    it('refuses a malformed key hash, on the signup and on feedback', async () => {
      const email = 'badkey@example.com';
      const landing = landingWrite(email);
      for (const editKeyHash of [
        'short',
        'A'.repeat(64),
        'a'.repeat(63),
        'a'.repeat(65),
        keyHash('x').toUpperCase(),
      ]) {
        await assertFails(write(email, { ...landing, editKeyHash }));
      }
      await assertSucceeds(write(email, landing));
      await assertFails(write(email, { ...feedbackWrite(email), editKeyHash: 'short' }));
      await assertFails(write(email, { ...feedbackWrite(email), editKeyHash: 'g'.repeat(64) }));
    });

    it('refuses every plain edit key: a signup stores only its hash', async () => {
      const email = 'plainkey@example.com';
      await assertFails(write(email, { ...landingWrite(email, null), editKey: sessionKey(email) }));
      await assertSucceeds(write(email, landingWrite(email)));
      await assertFails(write(email, { ...feedbackWrite(email), editKey: newEditKey() }));
      expect((await stored(email))?.editKey).toBeUndefined();
    });

    it('a signup still holding a plain key from before hashes is claimed by nobody until server code hashes it', async () => {
      const email = 'unconverted@example.com';
      await env().withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore(), SIGNUPS, email), {
          ...landingWrite(email, null),
          editKey: sessionKey(email),
        });
      });
      // Not even by naming the plain key (which staff could read): only its hash is accepted.
      await assertFails(write(email, landingWrite(email, newEditKey())));
      await assertFails(write(email, feedbackWrite(email)));
      await assertSucceeds(write(email, landingWrite(email, null)));
    });

    it('no browser writes the first signup time (server code records it), so nobody moves a place in line', async () => {
      const email = 'line@example.com';
      await assertFails(write(email, { ...landingWrite(email), firstSignupAt: serverTimestamp() }));
      await env().withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore(), SIGNUPS, email), {
          ...landingWrite(email),
          firstSignupAt: Timestamp.fromDate(new Date('2025-01-01T00:00:00Z')),
        });
      });
      await assertFails(write(email, { ...landingWrite(email), firstSignupAt: serverTimestamp() }));
      await assertFails(write(email, { ...feedbackWrite(email), firstSignupAt: serverTimestamp() }));
      await assertSucceeds(write(email, landingWrite(email)));
      expect(((await stored(email))?.firstSignupAt as Timestamp).toDate().toISOString()).toBe(
        '2025-01-01T00:00:00.000Z',
      );
    });
  });
}
