// The emulator-backed layer is real: the Firestore emulator runs the project's rules.
import { assertFails, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS } from '@silk/schema/constants';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRulesEnvironment } from './environment';

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await createRulesEnvironment('demo-silk-stack');
});
afterAll(async () => {
  await env?.cleanup();
});

describe('Firestore emulator with the project rules', () => {
  it('refuses a visitor writing to a collection the rules do not open', async () => {
    const db = env.unauthenticatedContext().firestore();
    await assertFails(setDoc(doc(db, 'not_a_collection/x'), { hello: 'world' }));
  });

  it('refuses a visitor reading the audit log, while the same write succeeds with rules disabled', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), `${COLLECTIONS.auditLog}/seeded`), { action: 'seed' });
      const stored = await getDoc(doc(context.firestore(), `${COLLECTIONS.auditLog}/seeded`));
      expect(stored.data()).toEqual({ action: 'seed' });
    });
    await assertFails(
      getDoc(doc(env.unauthenticatedContext().firestore(), `${COLLECTIONS.auditLog}/seeded`)),
    );
  });
});
