// A flood with forged client addresses, at a small scale (`pnpm bench abuse` runs 2,000 requests): the
// real join and subscribe handlers served by the Functions Framework against the Firestore emulator,
// reached the way a caller of a function's own URL reaches them — through Cloud Run's front end only,
// with production's CLIENT_IP_HOPS=2, so the entry the limiter trusts is one the caller wrote. Every
// request claims a new address and a new e-mail (with a valid App Check token where the route asks for
// one), so the per-IP and per-e-mail limits never trigger; the global ceilings still bound what the
// flood leaves: new signups and subscribers, mail entering the queue (the rest waits, none is dropped)
// and audit entries.
import { COLLECTIONS } from '@silk/schema/constants';
import { SIGNUPS_PAUSED } from '@silk/schema/messages';
import { describe, expect, it } from 'vitest';
import { eraseAddress } from '../subscribers/erasure';
import { releaseWaitingMails } from '../outbox/mail-waiting';
import { adminServices } from '../shared/admin';
import { readServerConfig, type Ceilings, type ServerConfig } from '../shared/config';
import { makeJoinWaitlistHandler } from './join-waitlist';
import { makeSubscribeHandler } from '../subscribers/subscribe';
import { appCheckHeaders, post, unique } from '../../test-support/emulator';
import { EMULATOR_MAIL_TOKEN_SECRET } from '../../test-support/mail';
import { ceilingsInOwnWindow, emulatorAppCheck, servedRoutes } from '../../test-support/served-routes';

const REQUESTS_PER_ROUTE = 50;
// Enough at once that requests collide on the ceilings' last shards with room (10 at once did only in a
// loaded CI run).
const CONCURRENCY = 25;
const { db } = adminServices();
const { serveBehindFrontEnd } = servedRoutes();

// A window of its own, so long that the flood cannot straddle two of them.
const CEILINGS: Ceilings = ceilingsInOwnWindow({
  joinSignups: 10,
  subscribeSignups: 20,
  confirmationMails: 5,
  statusLinkMails: 5,
  mailboxMailsPerDay: 5,
});

function config(): ServerConfig {
  return {
    ...readServerConfig({}),
    clientIpHops: 2,
    appCheck: emulatorAppCheck(),
    ceilings: CEILINGS,
  };
}

/** The function behind a stand-in of Cloud Run's front end, which appends the one real client address. */
const directUrl = (handler: Parameters<typeof serveBehindFrontEnd>[0]) =>
  serveBehindFrontEnd(handler, '198.51.100.7');

/** Runs the requests `CONCURRENCY` at a time; their statuses and bodies in order. */
async function pool<T>(count: number, send: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) results[i] = await send(i);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

const forged = (i: number) => `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;

async function countWhereIn(collection: string, field: string, values: string[]): Promise<number> {
  let count = 0;
  for (let start = 0; start < values.length; start += 30) {
    const chunk = values.slice(start, start + 30);
    count += (await db.collection(collection).where(field, 'in', chunk).count().get()).data().count;
  }
  return count;
}

describe('a flood with a forged X-Forwarded-For on every request', () => {
  // A runner timeout for a busy machine: 100 requests and their transactions took 6 to 30 s in the emulator.
  it(
    'stores, queues and audits no more than the ceilings allow, and drops no confirmation',
    { timeout: 120_000 },
    async () => {
      const joinUrl = await directUrl(makeJoinWaitlistHandler({ config }));
      const subscribeUrl = await directUrl(makeSubscribeHandler({ config }));
      const tag = unique('flood');
      const joinEmails = Array.from({ length: REQUESTS_PER_ROUTE }, (_, i) => `${tag}-join-${i}@example.com`);
      const subscribeEmails = Array.from(
        { length: REQUESTS_PER_ROUTE },
        (_, i) => `${tag}-sub-${i}@example.com`,
      );
      const headers = await appCheckHeaders();

      const joined = await pool(REQUESTS_PER_ROUTE, (i) =>
        post(joinUrl, { email: joinEmails[i] }, { headers: { 'X-Forwarded-For': forged(i) } }),
      );
      const subscribed = await pool(REQUESTS_PER_ROUTE, (i) =>
        post(
          subscribeUrl,
          { email: subscribeEmails[i] },
          { headers: { ...headers, 'X-Forwarded-For': forged(1000 + i) } },
        ),
      );

      // The forged addresses beat the per-IP limit; the join and subscribe ceilings do not move.
      expect(joined.filter((response) => response.status === 200)).toHaveLength(CEILINGS.joinSignups);
      expect(subscribed.filter((response) => response.status === 200)).toHaveLength(
        CEILINGS.subscribeSignups,
      );
      const refused = [...joined, ...subscribed].filter((response) => response.status !== 200);
      expect(refused.map((response) => [response.status, response.body])).toEqual(
        refused.map(() => [429, { error: SIGNUPS_PAUSED }]),
      );

      const everyEmail = [...joinEmails, ...subscribeEmails];
      const stored = await countWhereIn(COLLECTIONS.waitlistSignups, 'email', everyEmail);
      const subscribers = await countWhereIn(COLLECTIONS.subscribers, 'email', everyEmail);
      const queued = await countWhereIn(COLLECTIONS.mail, 'to', everyEmail);
      const waiting = await countWhereIn(COLLECTIONS.mailWaiting, 'to', everyEmail);
      const audited = await countWhereIn(COLLECTIONS.auditLog, 'target', everyEmail);
      expect(stored).toBe(CEILINGS.joinSignups);
      expect(subscribers).toBe(CEILINGS.joinSignups + CEILINGS.subscribeSignups);
      expect(queued).toBe(CEILINGS.confirmationMails);
      expect(queued + waiting).toBe(subscribers);
      expect(audited).toBe(0);

      // The next window: the redrive's release lets in the ceiling again, and no more.
      const nextWindow = () => Date.now() + CEILINGS.windowMs;
      let released = 0;
      for (;;) {
        const batch = await releaseWaitingMails(db, CEILINGS, nextWindow);
        released += batch;
        if (batch === 0) break;
      }
      expect(released).toBe(CEILINGS.confirmationMails);
      expect(await countWhereIn(COLLECTIONS.mail, 'to', everyEmail)).toBe(2 * CEILINGS.confirmationMails);
      expect(await countWhereIn(COLLECTIONS.mailWaiting, 'to', everyEmail)).toBe(
        subscribers - 2 * CEILINGS.confirmationMails,
      );

      // An erasure takes a confirmation still waiting with the rest of the address's data.
      const [stillWaiting] = (
        await db
          .collection(COLLECTIONS.mailWaiting)
          .where('to', 'in', subscribeEmails.slice(0, 30))
          .limit(1)
          .get()
      ).docs;
      const address = String(stillWaiting?.get('to'));
      expect((await eraseAddress(db, address, EMULATOR_MAIL_TOKEN_SECRET)).mail).toBe(1);
      expect(await countWhereIn(COLLECTIONS.mailWaiting, 'to', [address])).toBe(0);
    },
  );
});
