// The place in line is the server's, against the emulators: for an address on the list, a repeat
// /api/join (form and JSON), a repeat /api/subscribe, a browser's merge write of the landing record (the
// client SDK, under the security rules), its own session's feedback answers and an import row with a later
// time each leave its place, its first signup time and its consent record as they were, and the status page
// shows the same place; an import row with an earlier time moves it ahead (the earliest wins); a signup
// written without a first signup time gets one from the trigger or from the maintenance, and then a place.
import { COLLECTIONS } from '@silk/schema/constants';
import { hashEditKey } from '@silk/schema/edit-key';
import type { ImportRow } from '@silk/schema/imports';
import { landingRecord, UNKNOWN_LOCATION } from '@silk/schema/signup-record';
import { withoutBackgroundTriggers } from '@silk/stack/stack';
import { Timestamp } from 'firebase-admin/firestore';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  serverTimestamp,
  setDoc,
  type Firestore,
} from 'firebase/firestore/lite';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signLinkToken } from '../http/link-token';
import { positionOf } from '../ranking/position';
import { adminServices } from '../shared/admin';
import {
  appCheckHeaders,
  createStaff,
  functionUrls,
  post,
  unique,
  uniqueEmail,
  type TestStaff,
} from '../../test-support/emulator';
import { EMULATOR_MAIL_TOKEN_SECRET } from '../../test-support/mail';
import { stampMissingFirstSignups } from './first-signup-stamp';

const { db } = adminServices();
const signups = db.collection(COLLECTIONS.waitlistSignups);
const urls = functionUrls({
  join: 'joinWaitlist',
  subscribe: 'subscribe',
  status: 'statusPage',
  importStart: 'importStart',
  importChunk: 'importChunk',
});
let admin: TestStaff;
let browserApp: FirebaseApp;
let browser: Firestore;
/** Signups with a first signup time decades back (ahead of everyone else's): deleted after the suite. */
const early: string[] = [];

beforeAll(async () => {
  admin = await createStaff(['Admin']);
  browserApp = initializeApp(
    { projectId: process.env.GCLOUD_PROJECT ?? 'demo-silk', apiKey: 'demo-key' },
    unique('browser'),
  );
  browser = getFirestore(browserApp);
  const [host = '127.0.0.1', port = '8080'] = (process.env.FIRESTORE_EMULATOR_HOST ?? '').split(':');
  connectFirestoreEmulator(browser, host, Number(port));
});

afterAll(async () => {
  await deleteApp(browserApp);
  await Promise.all(early.map((email) => signups.doc(email).delete()));
});

/** The site's landing write from a visitor's browser: set + merge under the rules, an edit key only when given. */
const browserWrite = async (email: string, editKey?: string) =>
  setDoc(
    doc(browser, COLLECTIONS.waitlistSignups, email),
    landingRecord(
      { email, ip: '198.51.100.7', editKeyHash: editKey ? await hashEditKey(editKey) : undefined },
      () => serverTimestamp(),
    ),
    { merge: true },
  );

const subscribe = async (email: string) =>
  post(urls.subscribe, { email }, { headers: await appCheckHeaders() });

/** The edit key each signup's own browser session holds (as the site keeps it for /waitlist's feedback). */
const editKeys = new Map<string, string>();
const newEditKey = () => randomBytes(32).toString('base64url');

/** A signup as the site makes it: the browser's first landing write (binding its edit key), then /api/subscribe. */
async function signUpOnSite(prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  editKeys.set(email, newEditKey());
  await browserWrite(email, editKeys.get(email));
  expect((await subscribe(email)).status).toBe(200);
  return email;
}

/** The feedback form on /waitlist, answered later by the session that signed up (naming its key, setting a new one). */
async function feedbackWrite(email: string): Promise<void> {
  const editKey = newEditKey();
  await setDoc(
    doc(browser, COLLECTIONS.waitlistSignups, email),
    {
      email,
      travelFrequency: 'Monthly or more',
      ip: '198.51.100.7',
      location: UNKNOWN_LOCATION,
      timestamp: serverTimestamp(),
      updatedAt: serverTimestamp(),
      editKeyHash: await hashEditKey(editKey),
      prevEditKey: editKeys.get(email),
    },
    { merge: true },
  );
  editKeys.set(email, editKey);
}

const joinForm = (email: string) =>
  fetch(urls.join, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });

/** An Admin's import of `rows` (one chunk) through the routes; every row merges into a stored signup. */
async function importRows(rows: ImportRow[]): Promise<void> {
  const importId = unique('imp').replace(/[^A-Za-z0-9_-]/g, '');
  const auth = { headers: { Authorization: `Bearer ${admin.idToken}` } };
  const start = {
    importId,
    fileName: 'other-tool.csv',
    fileSha256: createHash('sha256').update(importId).digest('hex'),
    mapping: { Email: 'email', Joined: 'timestamp' },
    rows: rows.length,
  };
  expect((await post(urls.importStart, start, auth)).status).toBe(200);
  expect(await post(urls.importChunk, { importId, index: 0, rows }, auth)).toMatchObject({
    status: 200,
    body: { imported: 0, merged: rows.length },
  });
}

const firstSignupAt = async (email: string) =>
  ((await signups.doc(email).get()).get('firstSignupAt') as Timestamp | undefined)?.toMillis();

/** The place the ranking's index holds, once it holds one. */
const placed = (email: string) =>
  vi.waitFor(
    async () => {
      const position = await positionOf(db, email);
      if (!position) throw new Error(`${email} has no place in line yet`);
      return position.place;
    },
    { timeout: 30_000, interval: 200 },
  );

/**
 * Waits until every signup write made so far has been through the trigger: the emulator runs the
 * trigger's events in turn, so once a signup written now has its place, earlier writes' runs are done.
 */
async function triggersSettled(): Promise<void> {
  const fence = uniqueEmail('fence');
  await signups.doc(fence).set({
    email: fence,
    timestamp: Timestamp.now(),
    firstSignupAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
  await placed(fence);
  await signups.doc(fence).delete();
}

/** What a repeat submission must leave alone: the place, the first signup time, the consent record. */
async function evidence(email: string) {
  const signup = await signups.doc(email).get();
  const consent = signup.get('consent') as { at: Timestamp; form: string; textVersion: string } | undefined;
  return {
    place: (await positionOf(db, email))?.place,
    firstSignupAt: (signup.get('firstSignupAt') as Timestamp | undefined)?.toMillis(),
    consent: consent && { ...consent, at: consent.at.toMillis() },
  };
}

/** Someone on the list, and someone who joined right after them (whom a moved place would fall behind). */
async function listedWithSuccessor(prefix: string): Promise<{ email: string; successor: string }> {
  const email = await signUpOnSite(prefix);
  const successor = await signUpOnSite(`${prefix}-next`);
  await Promise.all([placed(email), placed(successor)]);
  return { email, successor };
}

const repeats: Array<[string, (email: string) => Promise<void>]> = [
  ['a repeat /api/join form post', async (email) => expect((await joinForm(email)).status).toBe(303)],
  [
    'a repeat /api/join JSON call',
    async (email) => expect((await post(urls.join, { email })).body).toMatchObject({ ok: true }),
  ],
  ['a repeat /api/subscribe call', async (email) => expect((await subscribe(email)).status).toBe(200)],
  [
    "a browser's merge write of the landing record (another session: no edit key)",
    (email) => browserWrite(email),
  ],
  ["the signup's own session answering the feedback form later", feedbackWrite],
  [
    'an import row with a later original time',
    async (email) =>
      importRows([
        {
          line: 2,
          email,
          timestamp: String(Math.min(Date.now(), ((await firstSignupAt(email)) ?? 0) + 1000)),
        },
      ]),
  ],
];

describe('a repeat submission for an address on the list', () => {
  it.each(repeats)(
    '%s leaves its place, first signup time and consent record unchanged',
    async (_, repeat) => {
      const { email, successor } = await listedWithSuccessor('repeat');
      const before = await evidence(email);
      expect(before.firstSignupAt).toEqual(expect.any(Number));
      expect(before.consent).toMatchObject({ form: 'hero' });
      const successorPlace = await positionOf(db, successor);
      await repeat(email);
      await triggersSettled();
      expect(await evidence(email)).toEqual(before);
      expect((await positionOf(db, successor))?.place).toBe(successorPlace?.place);
    },
    60_000,
  );

  it('leaves the place its status page shows unchanged through all of them', async () => {
    const { email } = await listedWithSuccessor('status');
    const subscriberId = (await signups.doc(email).get()).get('subscriberId') as string;
    const token = signLinkToken(EMULATOR_MAIL_TOKEN_SECRET, 'status', subscriberId);
    const shownPlace = async () => {
      const html = await (await fetch(`${urls.status}?token=${encodeURIComponent(token)}`)).text();
      return /data-testid="status-place">#([\d,]+) of /.exec(html)?.[1];
    };
    const before = await shownPlace();
    expect(before).toBe((await positionOf(db, email))?.place.toLocaleString('en-US'));
    for (const [, repeat] of repeats) await repeat(email);
    await triggersSettled();
    expect(await shownPlace()).toBe(before);
  }, 90_000);
});

describe('an import row', () => {
  it('with an earlier original time moves the place ahead; a later one then leaves it there (the earliest wins)', async () => {
    const ahead = await signUpOnSite('ahead');
    const email = await signUpOnSite('moved');
    const [aheadPlace, ownPlace] = [await placed(ahead), await placed(email)];
    expect(ownPlace).toBeGreaterThan(aheadPlace);
    const earlier = ((await firstSignupAt(ahead)) ?? 0) - 1000;
    await importRows([{ line: 2, email, timestamp: String(earlier) }]);
    expect(await firstSignupAt(email)).toBe(earlier);
    await vi.waitFor(
      async () =>
        expect((await positionOf(db, email))?.place).toBeLessThan((await positionOf(db, ahead))?.place ?? 0),
      {
        timeout: 30_000,
        interval: 200,
      },
    );
    const moved = await evidence(email);
    await importRows([{ line: 2, email, timestamp: String(Date.now()) }]);
    await triggersSettled();
    expect(await evidence(email)).toEqual(moved);
  }, 60_000);
});

describe('a signup written without a first signup time', () => {
  it("is stamped by the trigger with the earlier of its creation time and its timestamp (a browser's write without /api/subscribe), and placed", async () => {
    const email = uniqueEmail('unsubscribed');
    await browserWrite(email, randomBytes(32).toString('base64url'));
    await placed(email);
    const signup = await signups.doc(email).get();
    const [created, timestamp] = [signup.createTime as Timestamp, signup.get('timestamp') as Timestamp];
    const earlier = timestamp.toMillis() < created.toMillis() ? timestamp : created;
    expect((signup.get('firstSignupAt') as Timestamp).isEqual(earlier)).toBe(true);
    expect(created.toMillis() - earlier.toMillis()).toBeLessThan(1000);
  }, 60_000);

  it('is stamped by the trigger with its timestamp when that is earlier (the console, a script), and placed', async () => {
    const email = uniqueEmail('console');
    early.push(email);
    const timestamp = Timestamp.fromMillis(Date.UTC(1990, 0, 1));
    await signups.doc(email).set({ email, timestamp, updatedAt: Timestamp.now() });
    await placed(email);
    expect(await firstSignupAt(email)).toBe(timestamp.toMillis());
  }, 60_000);

  it('is stamped by the maintenance when the trigger did not run, and then placed', async () => {
    const email = uniqueEmail('missed');
    early.push(email);
    const timestamp = Timestamp.fromMillis(Date.UTC(1991, 0, 1));
    await withoutBackgroundTriggers(() =>
      signups.doc(email).set({ email, timestamp, updatedAt: Timestamp.now() }),
    );
    expect(await firstSignupAt(email)).toBeUndefined();
    expect(await positionOf(db, email)).toBeNull();
    expect(await stampMissingFirstSignups(db)).toBeGreaterThanOrEqual(1);
    expect(await firstSignupAt(email)).toBe(timestamp.toMillis());
    await placed(email);
  }, 60_000);
});
