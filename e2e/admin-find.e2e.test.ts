// Find and slice in the Waitlist Signups tab, in Chromium against the built panel on the emulators:
// filter by an answer and a signup date range (count and rows as seeded), the view restored from the URL
// (a reload, and the link opened by another member), and the export of that view holding exactly its rows.
import { COLLECTIONS, SIGNUP_SOURCE } from '@silk/schema/constants';
import { filteredSpreadsheetFileName, SIGNUP_COLUMNS } from '@silk/schema/formatters';
import { LISBON } from '@silk/schema/locations-cases';
import { adminSdk } from '@silk/stack/admin-sdk';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedMember, uniqueSuffix, type SeededMember } from './support/admin-session';
import { adminSuite, workbookDownloads } from './support/admin-suite';
import { emailsShown } from './support/signups-table';

const suite = adminSuite();
let staff: SeededMember;
let colleague: SeededMember;
const download = workbookDownloads('silk-admin-find-e2e-');

// Answers of our own (free text), so no other test's signups share them; dates near noon UTC, long ago.
const suffix = uniqueSuffix();
const WEEKLY = `Every week (find ${suffix})`;
const NEVER = `Never (find ${suffix})`;
const SEED = [
  { name: 'oli', travelFrequency: WEEKLY, at: '2024-03-12T11:00:00Z' },
  { name: 'kai', travelFrequency: WEEKLY, at: '2024-03-11T13:00:00Z' },
  { name: 'zed', travelFrequency: NEVER, at: '2024-03-11T12:00:00Z' },
  { name: 'ada', travelFrequency: WEEKLY, at: '2024-03-10T10:00:00Z' },
  { name: 'moe', travelFrequency: WEEKLY, at: '2024-03-09T12:00:00Z' },
].map(({ name, travelFrequency, at }) => ({
  email: `${name}-${suffix}@find.example`,
  travelFrequency,
  timestamp: new Date(at),
}));
const FROM = '2024-03-10';
const TO = '2024-03-11';
/** What the seed leaves for WEEKLY between FROM and TO, newest first. */
const EXPECTED = [`kai-${suffix}@find.example`, `ada-${suffix}@find.example`];

beforeAll(async () => {
  staff = await seedMember('finder', ['Staff']);
  colleague = await seedMember('colleague', ['Staff']);
  const { db } = adminSdk();
  const batch = db.batch();
  for (const signup of SEED) {
    batch.set(db.collection(COLLECTIONS.waitlistSignups).doc(signup.email), {
      ...signup,
      source: SIGNUP_SOURCE,
      ip: '10.9.8.7',
      location: LISBON,
      updatedAt: signup.timestamp,
    });
  }
  await batch.commit();
});
async function open(member: SeededMember, path = '/admin'): Promise<Page> {
  const page = await suite.openSignedIn(member, path);
  await page.getByRole('table', { name: 'Waitlist signups' }).waitFor({ timeout: 20_000 });
  return page;
}

/** "Showing: N of M" as [N, M], or null while it is not shown. */
async function showing(page: Page): Promise<[number, number] | null> {
  const count = page.getByText(/^Showing:/);
  if ((await count.count()) === 0) return null;
  const match = /Showing: ([\d,]+) of ([\d,]+)/.exec((await count.textContent()) ?? '');
  return match ? [Number(match[1]!.replace(/,/g, '')), Number(match[2]!.replace(/,/g, ''))] : null;
}

async function expectTheView(page: Page) {
  // Every signup may still be arriving (pages in the background): wait for the seeded rows.
  await expect.poll(() => emailsShown(page), { timeout: 30_000 }).toEqual(EXPECTED);
  expect((await showing(page))?.[0]).toBe(EXPECTED.length);
  expect(await page.getByRole('combobox', { name: 'Travel Frequency' }).inputValue()).toBe(WEEKLY);
  expect(await page.getByLabel('Signed up from').inputValue()).toBe(FROM);
  expect(await page.getByLabel('Signed up to').inputValue()).toBe(TO);
}

describe('find and slice the signups (e2e)', () => {
  it('filters by an answer and a date range, restores the view from the URL and exports exactly those rows', async () => {
    const page = await open(staff);
    const frequency = page.getByRole('combobox', { name: 'Travel Frequency' });
    // The answers are listed from the rows once they have arrived.
    await expect
      .poll(
        async () =>
          (await frequency.getByRole('option').allTextContents()).some((text) => text.startsWith(WEEKLY)),
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Download filtered view' }).isDisabled()).toBe(true);

    await frequency.selectOption(WEEKLY);
    await page.getByLabel('Signed up from').fill(FROM);
    await page.getByLabel('Signed up to').fill(TO);
    await expectTheView(page);
    const total = (await showing(page))![1];
    expect(total).toBeGreaterThanOrEqual(SEED.length);

    // The view is in the URL: a reload brings it back, and so does the link opened by someone else.
    await expect.poll(() => new URL(page.url()).searchParams.get('travelFrequency')).toBe(WEEKLY);
    const link = new URL(page.url());
    expect(link.searchParams.get('from')).toBe(FROM);
    expect(link.searchParams.get('to')).toBe(TO);
    await page.reload();
    await page.getByRole('table', { name: 'Waitlist signups' }).waitFor({ timeout: 20_000 });
    await expectTheView(page);
    const theirs = await open(colleague, `${link.pathname}${link.search}`);
    await expectTheView(theirs);

    // "Download filtered view": the server applies the view; the file holds exactly those rows.
    const filtered = page.getByRole('button', { name: 'Download filtered view' });
    expect(await filtered.isEnabled()).toBe(true);
    const { fileName, sheet } = await download(page, () => filtered.click());
    expect(fileName).toBe(filteredSpreadsheetFileName());
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(
      SIGNUP_COLUMNS.map((column) => column.header),
    );
    const exported: unknown[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) exported.push(row.getCell(1).value);
    });
    expect(exported).toEqual(EXPECTED);
    const frequencyColumn = SIGNUP_COLUMNS.findIndex((column) => column.key === 'travelFrequency') + 1;
    expect(sheet.getRow(2).getCell(frequencyColumn).value).toBe(WEEKLY);
  });

  it('searches as you type and sorts by a column header', async () => {
    const page = await open(staff);
    const search = page.getByRole('searchbox', { name: 'Search signups' });
    await search.pressSequentially(`-${suffix}@find`);
    await expect
      .poll(() => emailsShown(page), { timeout: 30_000 })
      .toEqual(SEED.map((signup) => signup.email));
    expect((await showing(page))?.[0]).toBe(SEED.length);
    await page.getByRole('button', { name: 'Email', exact: true }).click();
    const header = page.getByRole('columnheader', { name: 'Email', exact: true });
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    // Newest first was oli, kai, zed, ada, moe.
    await expect.poll(() => emailsShown(page)).toEqual(SEED.map((signup) => signup.email).sort());
    expect(await emailsShown(page)).not.toEqual(SEED.map((signup) => signup.email));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('email');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => showing(page)).toBeNull();
    expect(await search.inputValue()).toBe('');
  });
});
