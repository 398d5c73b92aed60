// Anonymous callers never write the audit trail: password-reset requests and failed sign-ins go to the
// security log, bounded per hour (SECURITY_LOG_MAX_PER_HOUR, 100 here as in functions/env/.env.demo-silk)
// and counted in full. Against the emulators: 600 reset requests for unknown addresses leave the latest
// real export and team change among the newest 500 audit entries (the Activity tab's read). The flood
// goes to the reset handler served here (the Functions emulator starts a worker per concurrent request,
// which a loaded machine cannot); e2e/admin-activity.e2e.test.ts sends it through Hosting.
import { COLLECTIONS } from '@silk/schema/constants';
import { AUTH_WRONG_PASSWORD, USERNAME_NOT_FOUND } from '@silk/schema/messages';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { readServerConfig } from '../shared/config';
import { createStaff, functionUrl, post, unique, uniqueEmail } from '../../test-support/emulator';
import { serveHandler, type ServedHandler } from '../../test-support/serve-handler';
import { makeRequestPasswordResetHandler } from './request-password-reset';
import { identifierHash } from './security-log';

const { db } = adminServices();
/** functions/env/.env.demo-silk: SECURITY_LOG_MAX_PER_HOUR. */
const ENTRIES_PER_HOUR = 100;
const FLOOD = 600;
/** The Activity tab's window (AUDIT_LOG_WINDOW of @silk/data-access/audit-log). */
const ACTIVITY_WINDOW = 500;

let resets: ServedHandler;
beforeAll(async () => {
  // The emulator project's settings (functions/env/.env.demo-silk): every test client is one address.
  const config = readServerConfig({
    AUTH_API_KEY: 'demo-api-key',
    CLIENT_IP_HOPS: '0',
    RATE_LIMIT_PASSWORD_RESET_PER_IP: '100000',
    SECURITY_LOG_MAX_PER_HOUR: String(ENTRIES_PER_HOUR),
  });
  resets = await serveHandler(makeRequestPasswordResetHandler({ config: () => config }));
});
afterAll(() => resets.close());

async function countedEvents(): Promise<number> {
  const counts = await db.collection(COLLECTIONS.securityLogCounts).get();
  return counts.docs.reduce((sum, doc) => sum + Number(doc.get('count') ?? 0), 0);
}

async function auditSince(since: Timestamp) {
  return (await db.collection(COLLECTIONS.auditLog).where('at', '>=', since).get()).docs.map((doc) =>
    doc.data(),
  );
}

async function securityEntriesSince(since: Timestamp) {
  return (await db.collection(COLLECTIONS.securityLog).where('at', '>=', since).get()).docs.map((doc) =>
    doc.data(),
  );
}

/** Runs `count` calls, `concurrency` at a time. */
async function pool(count: number, concurrency: number, call: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await call(next++);
    }),
  );
}

function asStaff(token: string, body: Record<string, unknown> = {}) {
  return [{ token, ...body }, { headers: { Authorization: `Bearer ${token}` } }] as const;
}

describe('the security log', () => {
  // First: the flood below fills the hour's entries.
  it('failed sign-ins by username go to the security log, never to the audit trail', async () => {
    const member = await createStaff(['Staff']);
    const start = Timestamp.now();
    const countedBefore = await countedEvents();
    const url = await functionUrl('signIn');
    const wrong = await post(url, { identifier: member.username, password: 'Wrong-pass-1!' });
    expect(wrong.body).toEqual({ error: AUTH_WRONG_PASSWORD });
    const unknown = await post(url, { identifier: unique('nobody').slice(0, 30), password: 'Whatever-1!' });
    expect(unknown.body).toEqual({ error: USERNAME_NOT_FOUND });
    const noAccount = await post(url, { identifier: uniqueEmail('ghost'), password: 'Whatever-1!' });
    expect(noAccount.status).toBe(404);

    expect(await auditSince(start)).toEqual([]);
    expect((await countedEvents()) - countedBefore).toBe(3);
    const stored = await securityEntriesSince(start);
    expect(stored.map((entry) => entry.kind)).toEqual(['sign_in.failed', 'sign_in.failed', 'sign_in.failed']);
    const reasons = stored.map((entry) => (entry.details as { reason: string }).reason);
    expect(reasons).toEqual(
      expect.arrayContaining(['EMAIL_NOT_FOUND', 'USERNAME_NOT_FOUND', expect.stringMatching(/^INVALID_/)]),
    );
    expect(stored.map((entry) => entry.identifierHash)).toContain(identifierHash(member.username));
  });

  it(
    `${FLOOD} reset requests for unknown addresses: no audit entry, the latest export and team change stay in the Activity window, the log stays bounded`,
    { timeout: 300_000 },
    async () => {
      const admin = await createStaff(['Admin']);
      const member = await createStaff(['Staff']);
      const exported = await fetch(await functionUrl('exportWaitlist'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.idToken}` },
        body: JSON.stringify({ token: admin.idToken }),
      });
      expect(exported.status).toBe(200);
      await exported.arrayBuffer();
      const changed = await post(
        await functionUrl('teamUpdate'),
        ...asStaff(admin.idToken, { email: member.email, roles: ['Staff', 'Director'] }),
      );
      expect(changed.status).toBe(200);

      const start = Timestamp.now();
      const countedBefore = await countedEvents();
      const url = resets.url;
      const flood = Array.from({ length: FLOOD }, (_, i) => `${unique(`flood${i}`)}@flood.test`);
      const statuses: number[] = [];
      await pool(FLOOD, 20, async (i) => {
        const response = await post(url, { identifier: flood[i] });
        statuses.push(response.status);
      });
      // The per-IP limit may refuse some (a 429 writes nothing); here it admits them all.
      expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
      const answered = statuses.filter((status) => status === 200).length;

      expect(await auditSince(start)).toEqual([]);
      const newest = await db
        .collection(COLLECTIONS.auditLog)
        .orderBy('at', 'desc')
        .limit(ACTIVITY_WINDOW)
        .get();
      const entries = newest.docs.map((doc) => doc.data());
      expect(entries).toContainEqual(expect.objectContaining({ actor: admin.email, action: 'export' }));
      expect(entries).toContainEqual(
        expect.objectContaining({ actor: admin.email, action: 'member.updated', target: member.email }),
      );
      expect(entries.filter((entry) => String(entry.target).endsWith('@flood.test'))).toEqual([]);

      expect((await countedEvents()) - countedBefore).toBe(answered);
      const stored = await securityEntriesSince(start);
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.length).toBeLessThanOrEqual(ENTRIES_PER_HOUR);
      expect(JSON.stringify(stored)).not.toContain('@flood.test');
      expect(stored[0]).toMatchObject({
        kind: 'password.reset_requested',
        details: { outcome: 'no-account' },
      });
      expect(flood.map(identifierHash)).toContain(stored[0]!.identifierHash);
      const expiresAt = (stored[0]!.expiresAt as Timestamp).toMillis();
      expect(expiresAt).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    },
  );
});
