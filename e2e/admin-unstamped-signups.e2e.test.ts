// Signups written by another writer than ours (the console, a script, an import) through the Admin SDK,
// without `updatedAt` (and one without a `timestamp` either), in Chromium against the built panel on the
// emulators: an open panel shows them at once, a freshly opened one too, and its total, its rows and the
// spreadsheet agree with the collection.
import { COLLECTIONS, SIGNUP_SOURCE } from '@silk/schema/constants';
import { SIGNUPS_COMPLETE_MARK } from '@silk/admin/perf-marks';
import { adminSdk } from '@silk/stack/admin-sdk';
import { FieldValue } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedMember, uniqueSuffix, type SeededMember } from './support/admin-session';
import { adminSuite, workbookDownloads } from './support/admin-suite';

const suite = adminSuite();
let admin: SeededMember;
const download = workbookDownloads('silk-admin-unstamped-e2e-');
const signups = () => adminSdk().db.collection(COLLECTIONS.waitlistSignups);

beforeAll(async () => {
  admin = await seedMember('unstamped', ['Admin']);
  // A signup of our own, so the table is shown (an empty list shows no table).
  const email = `e2e-stamped-${uniqueSuffix()}@example.com`;
  await signups().doc(email).set({
    email,
    source: SIGNUP_SOURCE,
    timestamp: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  });
});

/** The table shown and every signup loaded (the panel's always-on mark; counts are final from then on). */
async function waitForTable(page: Page) {
  await page.getByRole('table', { name: 'Waitlist signups' }).waitFor({ timeout: 20_000 });
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, SIGNUPS_COMPLETE_MARK, {
    timeout: 20_000,
  });
}

const totalShown = async (page: Page) =>
  Number(((await page.getByText(/Total signups:/).textContent()) ?? '').replace(/\D/g, ''));

describe('signups written without updatedAt (e2e)', () => {
  it('appear in an open panel and in a freshly opened one, whose total, rows and spreadsheet agree', async () => {
    const open = await suite.openSignedIn(admin);
    await waitForTable(open);

    const suffix = uniqueSuffix();
    const email = `e2e-unstamped-${suffix}@example.com`;
    const undated = `zzz-undated-${suffix}@example.com`;
    // As the console or an import would write them: no updatedAt; the second has no timestamp either.
    await signups().doc(email).set({
      email,
      source: SIGNUP_SOURCE,
      ip: '10.4.5.6',
      location: 'Lisbon',
      timestamp: FieldValue.serverTimestamp(),
    });
    await signups()
      .doc(undated)
      .set({ email: undated, source: SIGNUP_SOURCE, ip: '10.4.5.7', location: 'Porto' });

    // Newest first: the new signup is the table's first row. The wait is generous (a test asserts no
    // time: the emulator stack answers in about a second when quiet, several after a suite's bulk writes).
    await open.getByRole('cell', { name: email }).waitFor({ timeout: 15_000 });
    // Both counted: the open panel's total reaches the collection's count (other suites' late triggers
    // may still move the total, so it is compared with the count rather than with the first figure).
    const collectionCount = async () => (await signups().count().get()).data().count;
    // A generous wait: after a whole suite, other files' triggers (re-ranks, waves) may still be queued
    // in the Functions emulator ahead of this signup's.
    await expect
      .poll(async () => (await totalShown(open)) - (await collectionCount()), { timeout: 30_000 })
      .toBe(0);

    const fresh = await suite.openSignedIn(admin);
    await waitForTable(fresh);
    await fresh.getByRole('cell', { name: email }).waitFor({ timeout: 15_000 });
    // Every signup loaded: the total is the rows held, and it reaches the collection's count (a deletion
    // by an earlier file whose trigger is still queued reaches a fresh panel as a late tombstone).
    await expect
      .poll(async () => (await totalShown(fresh)) - (await collectionCount()), { timeout: 30_000 })
      .toBe(0);
    const count = await collectionCount();
    // An undated signup comes last (found by a search); the spreadsheet has it too.
    await fresh.getByLabel('Search signups').fill(undated);
    await fresh.getByRole('cell', { name: undated }).waitFor({ timeout: 15_000 });
    await fresh.getByLabel('Search signups').fill('');

    const { sheet } = await download(fresh, () =>
      fresh.getByRole('button', { name: 'Download spreadsheet' }).click(),
    );
    expect(sheet.actualRowCount - 1).toBe(count);
    const emails = (sheet.getColumn(1).values as unknown[]).slice(2).map(String);
    expect(emails).toEqual(expect.arrayContaining([email, undated]));
  });
});
