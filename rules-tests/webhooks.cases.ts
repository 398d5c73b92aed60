// Webhook endpoints (with their signing secrets), events and deliveries: server-only. No browser — not
// even an Admin, whose panel reads them through the webhook routes — reads or writes any of them; each
// record exists (seeded with the rules off), so a refusal is the rules' and not a missing document's.
import { assertFails, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS } from '@silk/schema/constants';
import { doc, setDoc } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { ACTORS, db, mustChangeDb } from './fixtures';
import { BROWSER_OPERATIONS, browserOperations } from './operations';

const RECORDS: Array<[string, string, Record<string, unknown>]> = [
  [
    COLLECTIONS.webhooks,
    'endpoint-1',
    {
      url: 'https://hooks.example.com/in',
      events: ['signup.created'],
      enabled: true,
      secret: 'whsec_c2VjcmV0',
      createdAt: 1,
    },
  ],
  [COLLECTIONS.webhookEvents, 'msg_1', { type: 'signup.created', subjects: ['a@example.com'], body: '{}' }],
  [
    COLLECTIONS.webhookDeliveries,
    'msg_1_endpoint-1',
    {
      eventId: 'msg_1',
      endpointId: 'endpoint-1',
      type: 'signup.created',
      createdAt: 1,
      delivery: { state: 'SUCCESS', attempts: 1 },
    },
  ],
];

export function webhookCases(env: () => RulesTestEnvironment): void {
  describe.each(RECORDS)('%s: no browser access', (name, id, data) => {
    beforeEach(async () => {
      await env().withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore(), name, id), data);
      });
    });
    describe.each(ACTORS)('%s', (actorName) => {
      it.each(BROWSER_OPERATIONS)('may not %s', async (operation) => {
        const operations = browserOperations(db(env(), actorName), name, id, {
          create: data,
          update: { enabled: false, url: 'http://127.0.0.1/' },
        });
        await assertFails(operations[operation]());
      });
    });
    it('refuses a member still on their one-time password', async () => {
      const operations = browserOperations(mustChangeDb(env()), name, id, {
        create: data,
        update: { enabled: false },
      });
      for (const operation of BROWSER_OPERATIONS) await assertFails(operations[operation]());
    });
  });
}
