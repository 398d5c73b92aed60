// The same answer for a listed and an unlisted address when a ceiling is full: the real join, subscribe
// and status-link handlers served by the Functions Framework against the Firestore emulator, with
// ceilings of one call per window (a window of their own). At a full ceiling /api/join and
// /api/subscribe refuse a listed address exactly as a new one (429 SIGNUPS_PAUSED, the same body and
// the same form page), and /api/status-link answers both {ok: true} and mails neither.
import { COLLECTIONS } from '@silk/schema/constants';
import { SIGNUPS_PAUSED } from '@silk/schema/messages';
import { describe, expect, it } from 'vitest';
import { adminServices } from './shared/admin';
import type { Ceilings, ServerConfig } from './shared/config';
import { makeStatusLinkHandler } from './status/status-link';
import { makeJoinWaitlistHandler } from './signups/join-waitlist';
import { makeSubscribeHandler } from './subscribers/subscribe';
import { appCheckHeaders, post, uniqueEmail } from '../test-support/emulator';
import {
  ceilingsInOwnWindow,
  configUnderCeilings,
  emulatorAppCheck,
  servedRoutes,
} from '../test-support/served-routes';

const { db } = adminServices();
const { serve } = servedRoutes();
const SITE = 'http://127.0.0.1:5000';

/** Ceilings of one call per window, in a window of their own. */
const ceilingsOfOne = (): Ceilings =>
  ceilingsInOwnWindow({
    joinSignups: 1,
    subscribeSignups: 1,
    confirmationMails: 100,
    statusLinkMails: 1,
    mailboxMailsPerDay: 100,
  });

function configWith(ceilings: Ceilings): () => ServerConfig {
  return configUnderCeilings(ceilings, {
    allowedOrigins: ['http://127.0.0.1:*'],
    appCheck: emulatorAppCheck(),
  });
}

/** Posts the landing form as a browser without JavaScript does (redirects not followed). */
async function submitForm(url: string, email: string) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE },
    body: new URLSearchParams({ email }).toString(),
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

const answerOf = ({ status, text }: { status: number; text: string }) => ({ status, text });
const mailsTo = async (email: string) =>
  (await db.collection(COLLECTIONS.mail).where('to', '==', email).count().get()).data().count;

describe('a listed and an unlisted address at a full ceiling', () => {
  it('/api/join refuses both alike: the same status, body and form page', async () => {
    const url = await serve(makeJoinWaitlistHandler({ config: configWith(ceilingsOfOne()) }));
    const listed = uniqueEmail('listed');
    const stranger = uniqueEmail('stranger');
    expect(await post(url, { email: listed })).toMatchObject({ status: 200, body: { ok: true } });

    const forListed = await post(url, { email: listed });
    const forStranger = await post(url, { email: stranger });
    expect(answerOf(forListed)).toEqual({ status: 429, text: JSON.stringify({ error: SIGNUPS_PAUSED }) });
    expect(answerOf(forStranger)).toEqual(answerOf(forListed));
    const formListed = await submitForm(url, listed);
    const formStranger = await submitForm(url, stranger);
    expect(formListed.status).toBe(429);
    expect(formListed.text).toContain(SIGNUPS_PAUSED);
    expect(formStranger).toEqual(formListed);
    expect((await db.collection(COLLECTIONS.waitlistSignups).doc(stranger).get()).exists).toBe(false);
  });

  it('/api/subscribe refuses both alike: the same status and body, nothing stored', async () => {
    const url = await serve(makeSubscribeHandler({ config: configWith(ceilingsOfOne()) }));
    const headers = await appCheckHeaders();
    const listed = uniqueEmail('listed');
    const stranger = uniqueEmail('stranger');
    expect(await post(url, { email: listed }, { headers })).toMatchObject({
      status: 200,
      body: { ok: true },
    });

    const forListed = await post(url, { email: listed }, { headers });
    const forStranger = await post(url, { email: stranger }, { headers });
    expect(answerOf(forListed)).toEqual({ status: 429, text: JSON.stringify({ error: SIGNUPS_PAUSED }) });
    expect(answerOf(forStranger)).toEqual(answerOf(forListed));
    expect((await db.collection(COLLECTIONS.subscribers).doc(stranger).get()).exists).toBe(false);
  });

  it('/api/status-link answers both {ok: true} and mails neither', async () => {
    const ceilings = ceilingsOfOne();
    const subscribeUrl = await serve(
      makeSubscribeHandler({ config: configWith({ ...ceilings, subscribeSignups: 10 }) }),
    );
    const url = await serve(makeStatusLinkHandler({ config: configWith(ceilings) }));
    const headers = await appCheckHeaders();
    const first = uniqueEmail('first');
    const listed = uniqueEmail('listed');
    const stranger = uniqueEmail('stranger');
    for (const email of [first, listed]) {
      expect(await post(subscribeUrl, { email }, { headers })).toMatchObject({ status: 200 });
    }
    // The window's one status link goes to the first subscriber (after their confirmation).
    expect(await post(url, { email: first })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await mailsTo(first)).toBe(2);

    const forListed = await post(url, { email: listed });
    const forStranger = await post(url, { email: stranger });
    expect(answerOf(forListed)).toEqual({ status: 200, text: JSON.stringify({ ok: true }) });
    expect(answerOf(forStranger)).toEqual(answerOf(forListed));
    expect(await mailsTo(listed)).toBe(1); // the confirmation only
    expect(await mailsTo(stranger)).toBe(0);
  });

  it('/api/status-link counts a stranger as a member: a stranger takes the unit a member would', async () => {
    const ceilings = ceilingsOfOne();
    const subscribeUrl = await serve(
      makeSubscribeHandler({ config: configWith({ ...ceilings, subscribeSignups: 10 }) }),
    );
    const url = await serve(makeStatusLinkHandler({ config: configWith(ceilings) }));
    const listed = uniqueEmail('listed');
    expect(await post(subscribeUrl, { email: listed }, { headers: await appCheckHeaders() })).toMatchObject({
      status: 200,
    });

    expect(await post(url, { email: uniqueEmail('stranger') })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await post(url, { email: listed })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await mailsTo(listed)).toBe(1); // the confirmation only
  });
});
