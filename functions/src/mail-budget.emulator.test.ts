// The mail budget per mailbox and the status links' own ceiling: the real join and status-link handlers
// served by the Functions Framework against the Firestore emulator, with the ceilings each test gives
// (a window of its own). `+N` spellings of one mailbox share one daily budget across confirmations and
// status links (every answer the same, nothing queued beyond it, another mailbox untouched); the budget
// follows the configuration; a flood of status links over their ceiling leaves a confirmation's
// release untouched.
import { COLLECTIONS } from '@silk/schema/constants';
import { describe, expect, it } from 'vitest';
import { adminServices } from './shared/admin';
import type { Ceilings } from './shared/config';
import { makeStatusLinkHandler } from './status/status-link';
import { makeJoinWaitlistHandler } from './signups/join-waitlist';
import { post, unique } from '../test-support/emulator';
import {
  ceilingsInOwnWindow as ceilings,
  configUnderCeilings,
  servedRoutes,
} from '../test-support/served-routes';

const { db } = adminServices();
const { serve } = servedRoutes();

/** The join and status-link handlers under `limits`. */
async function routes(limits: Ceilings): Promise<{ join: string; statusLink: string }> {
  const config = configUnderCeilings(limits);
  const [join, statusLink] = await Promise.all([
    serve(makeJoinWaitlistHandler({ config })),
    serve(makeStatusLinkHandler({ config })),
  ]);
  return { join, statusLink };
}

/** Mail to any of `emails`: entered the queue, and waiting for the confirmations' ceiling. */
async function mailTo(emails: string[]): Promise<{ queued: number; waiting: number }> {
  const count = async (collection: string) =>
    (await db.collection(collection).where('to', 'in', emails).count().get()).data().count;
  return { queued: await count(COLLECTIONS.mail), waiting: await count(COLLECTIONS.mailWaiting) };
}

describe('the mail budget of a mailbox', () => {
  it.each([1, 3])(
    'sends +N spellings of one mailbox %i mail(s) a day in all, confirmations and status links together',
    async (budget) => {
      const { join, statusLink } = await routes(ceilings({ mailboxMailsPerDay: budget }));
      const local = unique('victim');
      const variants = Array.from({ length: 5 }, (_, i) => `${local}+${i + 1}@functions.test`);
      const spellings = [...variants, `${local.toUpperCase()}@FUNCTIONS.TEST`];
      const other = `${local}x@functions.test`;

      // Every spelling joins and asks for its status link: each answered as any address is.
      for (const email of variants) {
        expect(await post(join, { email })).toMatchObject({ status: 200, body: { ok: true } });
      }
      for (const email of spellings) {
        expect(await post(statusLink, { email })).toMatchObject({ status: 200, body: { ok: true } });
      }
      const stored = await db
        .collection(COLLECTIONS.subscribers)
        .where('email', 'in', variants)
        .count()
        .get();
      expect(stored.data().count).toBe(variants.length);
      const sent = await mailTo(spellings.map((email) => email.toLowerCase()));
      expect(sent.queued + sent.waiting).toBe(budget);

      // Another mailbox has its own budget.
      expect(await post(join, { email: other })).toMatchObject({ status: 200 });
      const toOther = await mailTo([other]);
      expect(toOther.queued + toOther.waiting).toBe(1);
    },
  );
});

describe('status links over their ceiling', () => {
  it('queue no more than the ceiling, never wait with the confirmations, and never delay one', async () => {
    const members = Array.from({ length: 3 }, () => `${unique('member')}@functions.test`);
    // Room for the members' confirmations and one more: a status link counted on the confirmations'
    // ceiling would take it.
    const limits = ceilings({ statusLinkMails: 2, confirmationMails: members.length + 1 });
    const { join, statusLink } = await routes(limits);
    for (const email of members) expect(await post(join, { email })).toMatchObject({ status: 200 });

    // The members in parallel, each one's requests one after another: concurrent requests for one mailbox
    // contend on its budget document, which the emulator answers with lock timeouts (docs/decisions.md).
    const flood = (
      await Promise.all(
        members.map(async (email) => {
          const answers = [];
          for (let i = 0; i < 4; i += 1) answers.push(await post(statusLink, { email }));
          return answers;
        }),
      )
    ).flat();
    expect(flood.map(({ status, body }) => [status, body])).toEqual(flood.map(() => [200, { ok: true }]));
    const links = await db.collection(COLLECTIONS.mail).where('to', 'in', members).get();
    // Each member's confirmation plus the ceiling's status links; none of them waits.
    expect(links.size).toBe(members.length + limits.statusLinkMails);
    expect((await mailTo(members)).waiting).toBe(0);

    const newcomer = `${unique('newcomer')}@functions.test`;
    expect(await post(join, { email: newcomer })).toMatchObject({ status: 200 });
    expect(await mailTo([newcomer])).toEqual({ queued: 1, waiting: 0 });
  });
});
