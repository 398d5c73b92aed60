// The Import tab in Chromium against the built panel on the emulators: an Admin chooses a CSV file with
// bad rows; the mapping is suggested from its header; the preview lists exactly the bad rows, with their
// lines, before anything is written; "Import N rows" writes the rest through importStart/importChunk (an
// address already on the waitlist merged, not added); the rows appear in the Waitlist table with their
// original signup dates, and no e-mail reaches MailDev for them. A Staff member has no Import tab, and
// the import routes refuse them. axe finds nothing serious.
import { COLLECTIONS } from '@silk/schema/constants';
import { formatSignupDate } from '@silk/schema/formatters';
import { adminSdk } from '@silk/stack/admin-sdk';
import { readMailDevMessages } from '@silk/stack/maildev';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idToken, seedMember, uniqueSuffix, type SeededMember } from './support/admin-session';
import { adminSuite } from './support/admin-suite';
import { seriousViolations } from './support/axe';

const suite = adminSuite();
const suffix = uniqueSuffix();
const DOMAIN = `import-${suffix}.example.com`;
const NEW = [`ana@${DOMAIN}`, `bo@${DOMAIN}`, `cy@${DOMAIN}`] as const;
const KNOWN = `known@${DOMAIN}`;
const TIMES = [
  Date.UTC(2024, 0, 15, 9, 30),
  Date.UTC(2024, 5, 2, 18, 5),
  Date.UTC(2023, 10, 20, 7, 45),
] as const;
const KNOWN_TIME = Date.UTC(2022, 2, 3, 4, 5);
const CSV = [
  'E-mail,Signed up,utm_source,Suggestions/Feedback',
  `${NEW[0]},${new Date(TIMES[0]).toISOString()},newsletter,"Great, ""really"""`,
  `not-an-address,2024-01-01,,`,
  `${NEW[1]},${TIMES[1] / 1000},,`,
  `${KNOWN.toUpperCase()},${new Date(KNOWN_TIME).toISOString()},,`,
  `${NEW[2]},${new Date(TIMES[2]).toISOString()},ads,"two`,
  `lines"`,
  `${NEW[0]},2024-02-02,,`,
  '',
].join('\r\n');

let admin: SeededMember;
let staff: SeededMember;
const db = () => adminSdk().db;
const signupDoc = (email: string) => db().collection(COLLECTIONS.waitlistSignups).doc(email);

beforeAll(async () => {
  admin = await seedMember('importer', ['Admin']);
  staff = await seedMember('impstaff', ['Staff']);
  await signupDoc(KNOWN).set({
    email: KNOWN,
    source: 'landing page',
    ip: '203.0.113.9',
    timestamp: Timestamp.fromMillis(Date.UTC(2025, 0, 1)),
    updatedAt: FieldValue.serverTimestamp(),
  });
});
afterAll(async () => {
  const imports = await db().collection(COLLECTIONS.imports).where('startedBy', '==', admin.email).get();
  for (const entry of imports.docs) {
    const chunks = await entry.ref.collection('chunks').get();
    await Promise.all([...chunks.docs.map((chunk) => chunk.ref.delete()), entry.ref.delete()]);
  }
  await Promise.all([...NEW, KNOWN].map((email) => signupDoc(email).delete()));
});

describe('CSV import (e2e)', () => {
  it('previews exactly the bad rows, imports the rest with their original dates and sends no mail; axe-clean', async () => {
    const page = await suite.openSignedIn(admin, '/admin/import');
    await page.getByRole('heading', { level: 2, name: 'Import' }).waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByLabel('Choose a CSV file exported from another waitlist tool')
      .setInputFiles({ name: 'other-tool.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });

    expect(await page.getByRole('combobox', { name: 'E-mail' }).inputValue()).toBe('email');
    expect(await page.getByRole('combobox', { name: 'Signed up' }).inputValue()).toBe('timestamp');
    expect(await page.getByRole('combobox', { name: 'utm_source' }).inputValue()).toBe('source');
    expect(await page.getByRole('combobox', { name: 'Suggestions/Feedback' }).inputValue()).toBe(
      'suggestionsFeedback',
    );
    expect(
      await page
        .getByRole('checkbox', { name: 'Send confirmation e-mails to imported addresses' })
        .isChecked(),
    ).toBe(false);
    await page.getByText('4 rows to import, 2 with problems (left out).').waitFor();
    expect(
      await page.getByRole('region', { name: 'Rows with problems' }).getByRole('listitem').allTextContents(),
    ).toEqual([
      'Line 3 not-an-address: not a valid e-mail address',
      `Line 7 ${NEW[0]}: the address is in an earlier row`,
    ]);
    expect(await signupDoc(NEW[0]).get()).toHaveProperty('exists', false);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Import 4 rows' }).click();
    await page
      .getByText('Import finished: 3 new signups, 1 merged into existing ones.')
      .waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);

    // Wide enough for all twelve columns (the table renders only the columns in view).
    await page.setViewportSize({ width: 3200, height: 900 });
    await page.getByRole('link', { name: 'Waitlist Signups' }).click();
    await page.getByRole('searchbox', { name: 'Search signups' }).fill(DOMAIN);
    const rows = page.getByRole('table', { name: 'Waitlist signups' }).getByRole('row');
    for (const [index, email] of NEW.entries()) {
      const row = rows.filter({ hasText: email });
      await row.waitFor({ timeout: 30_000 });
      await expect
        .poll(() => row.textContent(), { timeout: 10_000 })
        .toContain(formatSignupDate(new Date(TIMES[index] ?? Number.NaN)));
    }
    const known = rows.filter({ hasText: KNOWN });
    await expect
      .poll(() => known.textContent(), { timeout: 30_000 })
      .toContain(formatSignupDate(new Date(KNOWN_TIME)));

    const addresses = [...NEW, KNOWN];
    for (const email of addresses) {
      const [queued, waiting] = await Promise.all([
        db().collection(COLLECTIONS.mail).where('to', '==', email).count().get(),
        db().collection(COLLECTIONS.mailWaiting).where('to', '==', email).count().get(),
      ]);
      expect(queued.data().count + waiting.data().count, email).toBe(0);
    }
    const caught = await readMailDevMessages();
    expect(
      caught.filter((mail) => mail.to.some((to) => addresses.includes(to.address.toLowerCase()))),
    ).toEqual([]);
  });

  it('gives a Staff member no Import tab, and the import routes refuse them (403)', async () => {
    const page = await suite.openSignedIn(staff, '/admin');
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Waitlist Signups' }).waitFor({ timeout: 20_000 });
    expect(await nav.getByRole('link', { name: 'Import' }).count()).toBe(0);
    const token = await idToken(staff);
    for (const path of ['/api/import/list', '/api/import/start']) {
      const refused = await fetch(`${suite.stack.adminUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({}),
      });
      expect(refused.status, path).toBe(403);
    }
  });
});
