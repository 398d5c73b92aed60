// CSV imports: imports/{id} and its chunks are written and read by server code only (the panel reads
// them through importList); no browser, an Admin's included, gets, lists or writes them, nor writes the
// importId that marks an imported signup.
import { assertFails, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS } from '@silk/schema/constants';
import { doc, setDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { ACTORS, db, EXISTING_SIGNUP, landingWrite } from './fixtures';
import { BROWSER_OPERATIONS, browserOperations } from './operations';
import { expectCreateRefusedWith } from './server-fields';

const IMPORT = 'import-0001';

export function importCases(env: () => RulesTestEnvironment): void {
  describe.each([
    [COLLECTIONS.imports, IMPORT],
    [`${COLLECTIONS.imports}/${IMPORT}/chunks`, '0'],
  ])('%s: no browser access', (name, id) => {
    describe.each(ACTORS)('%s', (actorName) => {
      it.each(BROWSER_OPERATIONS)('may not %s', async (operation) => {
        const operations = browserOperations(db(env(), actorName), name, id, {
          create: { fileName: 'list.csv', rows: 1, status: 'running', imported: 0 },
          update: { status: 'done', imported: 100 },
        });
        await assertFails(operations[operation]());
      });
    });
  });

  describe('waitlist_signups: no browser writes importId', () => {
    describe.each(ACTORS)('%s', (name) => {
      it('may not create a signup marked as imported', async () => {
        await expectCreateRefusedWith(db(env(), name), 'imported-by-browser@example.com', {
          importId: IMPORT,
        });
      });
      it('may not merge importId into an existing signup', async () => {
        await assertFails(
          setDoc(
            doc(db(env(), name), COLLECTIONS.waitlistSignups, EXISTING_SIGNUP),
            { ...landingWrite(EXISTING_SIGNUP, null), importId: IMPORT },
            { merge: true },
          ),
        );
      });
    });
  });
}
