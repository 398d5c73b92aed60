// subscribers, username mappings, rate_limits, waiting confirmations, the security log's entries, API keys, the folds'
// turns and the ranking's pending deltas, the e-mail copy and its versions, broadcasts with their chunks and
// recipients, and unknown collections: no browser access at all.
import { assertFails, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS } from '@silk/schema/constants';
import { describe, it } from 'vitest';
import { ACTORS, db, EXISTING_SIGNUP } from './fixtures';
import { BROWSER_OPERATIONS, browserOperations } from './operations';

const SERVER_ONLY: Array<[string, string]> = [
  [COLLECTIONS.subscribers, EXISTING_SIGNUP],
  [COLLECTIONS.usernameMappings, 'otto'],
  [COLLECTIONS.rateLimits, 'ip-1'],
  [COLLECTIONS.mailWaiting, 'waiting-1'],
  [COLLECTIONS.securityLog, 'event-1'],
  [COLLECTIONS.apiKeys, 'key-hash'],
  [COLLECTIONS.mailCopy, 'confirmation'],
  [`${COLLECTIONS.mailCopy}/confirmation/versions`, '1'],
  [COLLECTIONS.broadcasts, 'broadcast-1'],
  [`${COLLECTIONS.broadcasts}/broadcast-1/chunks`, '0'],
  [`${COLLECTIONS.broadcasts}/broadcast-1/recipients`, 'mailbox-1'],
  [`${COLLECTIONS.settings}/ranking/rank_fold`, 'lease'],
  [`${COLLECTIONS.settings}/signup_total/fold`, 'done'],
  ['rank_builds/1/rank_deltas', 'delta-1'],
  ['not_a_collection', 'x'],
];

export function serverOnlyCases(env: () => RulesTestEnvironment): void {
  describe.each(SERVER_ONLY)('%s: no browser access', (name, id) => {
    describe.each(ACTORS)('%s', (actorName) => {
      it.each(BROWSER_OPERATIONS)('may not %s', async (operation) => {
        const operations = browserOperations(db(env(), actorName), name, id, {
          create: { email: 'a@example.com' },
          update: { touched: true },
        });
        await assertFails(operations[operation]());
      });
    });
  });
}
