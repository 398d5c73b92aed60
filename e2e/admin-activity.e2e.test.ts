// Anonymous callers cannot fill the audit trail: after an Admin's export and team change, 600
// password-reset requests for unknown addresses through the admin host's API leave both in the Activity
// tab (which shows the newest 500 entries), no entry from an anonymous caller, and the requests only as
// the count of the last day's security events.
import { securityEventsCount } from '@silk/schema/messages';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, seedMember, type SeededMember, idToken } from './support/admin-session';
import { browserSuite } from './support/browser-suite';

const FLOOD = 600;
const suite = browserSuite();
let admin: SeededMember;
let member: SeededMember;

beforeAll(async () => {
  admin = await seedMember('auditor', ['Admin']);
  member = await seedMember('moved', ['Staff']);
});

async function postApi(path: string, body: Record<string, unknown>, token?: string): Promise<Response> {
  return fetch(`${suite.stack.adminUrl}/api/${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(token ? { token, ...body } : body),
  });
}

describe('Activity tab under a flood of anonymous requests (e2e)', () => {
  it(
    `still shows the latest export and team change after ${FLOOD} reset requests for unknown addresses`,
    { timeout: 600_000 },
    async () => {
      const token = await idToken(admin);
      const exported = await postApi('xlsxdown', {}, token);
      expect(exported.status).toBe(200);
      await exported.arrayBuffer();
      const changed = await postApi(
        'team/update',
        { email: member.email, roles: ['Staff', 'Director'] },
        token,
      );
      expect(changed.status).toBe(200);

      const run = randomBytes(4).toString('hex');
      let answered = 0;
      let next = 0;
      // Two at a time: the Functions emulator starts a worker per concurrent request.
      await Promise.all(
        Array.from({ length: 2 }, async () => {
          while (next < FLOOD) {
            const i = next++;
            const response = await postApi('password-reset', { identifier: `flood${i}-${run}@flood.test` });
            await response.arrayBuffer();
            // The per-IP limit may refuse some: a refused request writes nothing.
            expect([200, 429]).toContain(response.status);
            if (response.status === 200) answered += 1;
          }
        }),
      );

      const { page } = await openSignedIn(suite, admin, '/admin/activity');
      const log = page.getByRole('region', { name: 'Activity log' });
      await log.waitFor({ timeout: 20_000 });
      const count = page.getByTestId('security-events');
      await count.waitFor({ timeout: 10_000 });
      const shown = Number(/^(\d+) /.exec((await count.textContent()) ?? '')?.[1]);
      expect(shown).toBeGreaterThanOrEqual(answered);
      expect(await count.textContent()).toBe(securityEventsCount(shown));

      const exportRow = log.getByRole('row').filter({ hasText: admin.email }).filter({ hasText: 'Export' });
      await exportRow.first().waitFor({ timeout: 10_000 });
      const teamRow = log.getByRole('row').filter({ hasText: member.email });
      expect((await teamRow.first().getByRole('cell').allTextContents()).slice(1)).toEqual([
        admin.email,
        'Member updated',
        member.email,
        'roles: Staff, Director (was Staff)',
      ]);
      expect(await log.getByRole('row').filter({ hasText: run }).count()).toBe(0);
      const actors = await page.getByLabel('Actor', { exact: true }).getByRole('option').allTextContents();
      expect(actors.filter((actor) => actor.includes('@flood.test'))).toEqual([]);
    },
  );
});
