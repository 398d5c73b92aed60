// The Insights tab in Chromium against the built panel on the emulators: signups seeded with known days,
// answers and countries show in the charts' data tables with their counts, the cumulative toggle turns
// them into running totals, the tables open from the keyboard, and axe finds nothing serious.
// Other suites share the emulator: the seed uses days (ten weeks back, before any other suite's signups),
// answers and a country of its own, so its rows are told apart from theirs.
import { COLLECTIONS, DATE_LOCALE, SIGNUP_SOURCE } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, seedMember, uniqueSuffix, type SeededMember } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { browserSuite } from './support/browser-suite';

const DAY_MS = 24 * 3600 * 1000;
const suffix = uniqueSuffix();
const COUNTRY = `Insightland ${suffix}`;
const OFTEN = `E2E monthly ${suffix}`;
const RARELY = `E2E yearly ${suffix}`;

// A Monday ten weeks back (UTC), then that week's Wednesday and the next week's Tuesday.
const today = Math.floor(Date.now() / DAY_MS);
const monday = (today - 70 - ((((today - 70 + 3) % 7) + 7) % 7)) * DAY_MS;
const wednesday = monday + 2 * DAY_MS;
const nextTuesday = monday + 8 * DAY_MS;

/** The seed: 3 on the Monday, 2 on the Wednesday, 1 the next Tuesday; 4 "often", 2 "rarely". */
const SEED = [
  {
    at: monday + 9 * 3600_000,
    travelFrequency: OFTEN,
    location: { city: 'Capital', country: COUNTRY, country_code: 'XI' },
  },
  { at: monday + 12 * 3600_000, travelFrequency: OFTEN, location: `Capital, ${COUNTRY}` },
  {
    at: monday + 23 * 3600_000,
    travelFrequency: RARELY,
    location: { city: 'Port', country_name: COUNTRY, country: 'XI' },
  },
  { at: wednesday, travelFrequency: OFTEN, location: { city: 'Port', country: COUNTRY, country_code: 'XI' } },
  { at: wednesday + 3600_000, travelFrequency: RARELY, location: `Port, ${COUNTRY}, 12.5, -3.25` },
  {
    at: nextTuesday + 18 * 3600_000,
    travelFrequency: OFTEN,
    location: { city: 'Capital', country: COUNTRY },
  },
];

const dayLabel = (time: number) =>
  new Intl.DateTimeFormat(DATE_LOCALE, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(time);

const suite = browserSuite();
let member: SeededMember;
const emails = SEED.map((_, index) => `e2e-insights-${suffix}-${index}@example.com`);

beforeAll(async () => {
  // Every signed-in member may open Insights: a Staff member proves it.
  member = await seedMember('insights', ['Staff']);
  const { db } = adminSdk();
  const batch = db.batch();
  SEED.forEach(({ at, ...fields }, index) => {
    const email = emails[index]!;
    batch.set(db.collection(COLLECTIONS.waitlistSignups).doc(email), {
      email,
      source: SIGNUP_SOURCE,
      ip: '203.0.113.7',
      timestamp: Timestamp.fromMillis(at),
      updatedAt: FieldValue.serverTimestamp(),
      ...fields,
    });
  });
  await batch.commit();
});
afterAll(async () => {
  const { db } = adminSdk();
  await Promise.all(emails.map((email) => db.collection(COLLECTIONS.waitlistSignups).doc(email).delete()));
});

/** Opens a figure's data table from the keyboard (its "Show data table" disclosure) and returns the table. */
async function openDataTable(page: Page, title: string): Promise<Locator> {
  const figure = page.getByRole('figure', { name: title, exact: true });
  const details = figure.locator('details');
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await figure.locator('summary').focus();
    await page.keyboard.press('Enter');
  }
  const table = figure.getByRole('table', { name: title, exact: true });
  await table.waitFor({ state: 'visible' });
  return table;
}

interface Row {
  label: string;
  count: number;
}

/** The table's body rows: each row's header and the count in its first cell. */
async function bodyRows(table: Locator): Promise<Row[]> {
  const cells = await table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? '')),
    );
  return cells.map(([label = '', count = '']) => ({ label, count: Number(count.replace(/,/g, '')) }));
}

/** The count in the row headed `label` (NaN when there is none). */
function countOf(rows: readonly Row[], label: string): number {
  return rows.find((row) => row.label === label)?.count ?? Number.NaN;
}

describe('Insights tab (e2e)', () => {
  it('charts the seeded signups with data tables that match the seed, and toggles cumulative totals', async () => {
    const { page } = await openSignedIn(suite, member);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Insights' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Insights' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/insights');

    // Every signup loaded: the live "figures cover the N loaded so far" note is gone.
    const timeFigure = page.getByRole('figure', { name: 'Signups per day', exact: true });
    await timeFigure.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 20_000 }).toBe('');

    const chart = timeFigure.getByRole('img');
    expect(await chart.evaluate((element) => element.tagName)).toBe('svg');
    expect(await chart.getAttribute('aria-label')).toMatch(
      /^Column chart, .+ signups in .+ days; the most, /,
    );

    const perDay = await bodyRows(await openDataTable(page, 'Signups per day'));
    const seedDays = [monday, wednesday, nextTuesday].map(dayLabel);
    expect(seedDays.map((day) => countOf(perDay, day))).toEqual([3, 2, 1]);
    // Nothing else on the seed's days or between them (the rows are in date order).
    const first = perDay.findIndex((row) => row.label === seedDays[0]);
    expect(perDay.slice(first, first + 3).map((row) => row.label)).toEqual(seedDays);

    await page.getByRole('radio', { name: 'Per week' }).check();
    const perWeek = await bodyRows(await openDataTable(page, 'Signups per week'));
    const seedWeeks = [monday, monday + 7 * DAY_MS].map((start) => `Week of ${dayLabel(start)}`);
    expect(seedWeeks.map((week) => countOf(perWeek, week))).toEqual([5, 1]);

    // Cumulative: each week's row is the total so far, so it grows by that week's signups.
    await page.getByRole('checkbox', { name: 'Cumulative' }).check();
    const cumulativeFigure = page.getByRole('figure', { name: 'Total signups per week', exact: true });
    expect(await cumulativeFigure.getByRole('img').getAttribute('aria-label')).toMatch(
      /^Line chart, .+: the total grows to /,
    );
    const totalsTable = await openDataTable(page, 'Total signups per week');
    expect(await totalsTable.locator('thead th').allTextContents()).toEqual(['Week', 'Total signups']);
    const totals = await bodyRows(totalsTable);
    const seedWeek = totals.findIndex((row) => row.label === seedWeeks[0]);
    const growth = [seedWeek, seedWeek + 1].map(
      (index) => (totals[index]?.count ?? NaN) - (totals[index - 1]?.count ?? 0),
    );
    expect(totals[seedWeek + 1]?.label).toBe(seedWeeks[1]);
    expect(growth).toEqual([5, 1]);
    expect(totals.at(-1)?.count).toBe(perWeek.reduce((sum, row) => sum + row.count, 0));

    // Countries: an object's country or country_name, or the text's last part, all count for the seed's.
    const countries = await bodyRows(await openDataTable(page, 'Signups by country'));
    expect(countOf(countries, COUNTRY)).toBe(6);

    const travel = await bodyRows(await openDataTable(page, 'Travel Frequency'));
    expect([countOf(travel, OFTEN), countOf(travel, RARELY)]).toEqual([4, 2]);

    expect(await seriousViolations(page)).toEqual([]);
  });
});
