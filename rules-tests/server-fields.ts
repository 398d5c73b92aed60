// Signup fields only the server writes: a browser may create a signup with the landing write, but not with
// one of those fields as well, nor merge one into an existing signup. Each case file lists its own fields.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS } from '@silk/schema/constants';
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { ACTORS, db, EXISTING_SIGNUP, landingWrite } from './fixtures';

/** `store` may create the signup `email` with the landing write, but not `other-<email>` with `fields` too. */
export async function expectCreateRefusedWith(
  store: Firestore,
  email: string,
  fields: Record<string, unknown>,
): Promise<void> {
  await assertSucceeds(setDoc(doc(store, COLLECTIONS.waitlistSignups, email), landingWrite(email)));
  const other = `other-${email}`;
  await assertFails(
    setDoc(doc(store, COLLECTIONS.waitlistSignups, other), { ...landingWrite(other), ...fields }),
  );
}

/**
 * For every actor and each of `fields` (a name and a value): no signup created with it (at
 * `<prefix>-<name>@example.com`), and none merged into the existing signup.
 */
export function serverSignupFieldCases(
  env: () => RulesTestEnvironment,
  prefix: string,
  fields: Array<[string, unknown]>,
): void {
  describe.each(ACTORS)('%s', (name) => {
    it.each(fields)('may not create a signup with %s', async (field, value) => {
      await expectCreateRefusedWith(db(env(), name), `${prefix}-${field.toLowerCase()}@example.com`, {
        [field]: value,
      });
    });
    it.each(fields)('may not merge %s into an existing signup', async (field, value) => {
      await assertFails(
        setDoc(
          doc(db(env(), name), COLLECTIONS.waitlistSignups, EXISTING_SIGNUP),
          { ...landingWrite(EXISTING_SIGNUP, null), [field]: value },
          { merge: true },
        ),
      );
    });
  });
}
