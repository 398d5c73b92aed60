// Attribution end to end in Chromium on the emulators: a visit to /?utm_source=newsletter&utm_campaign=launch
// linked from another site, then a signup with scripts on (the browser writes the attribution, the
// referring host included) and one with scripts off (the native form post: /api/join reads the page's
// Referer, and cannot know the referring site). In the panel both rows show their source and campaign in
// their details, the source filter narrows the table to them, Insights charts "newsletter" (also over
// time), and the filtered spreadsheet's "Attribution" worksheet lists both; axe finds nothing serious in
// the details dialog or Insights.
import { SIGNUP_COLUMNS } from '@silk/schema/formatters';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedMember, uniqueSuffix, type SeededMember } from './support/admin-session';
import { adminSuite, workbookDownloads } from './support/admin-suite';
import { seriousViolations } from './support/axe';
import { cutOffThirdParties, openSite, readSignup, seedSignup } from './support/site-page';
import { joinWithHeroForm } from './support/subscriber-mail';
import { detailsOf, emailsShown } from './support/signups-table';

const suite = adminSuite();
const download = workbookDownloads('silk-attribution-e2e-');
const suffix = uniqueSuffix();
const LANDING = '/?utm_source=newsletter&utm_campaign=launch';
const REFERRER = 'https://news.example.com/issue-12';
const withScripts = `js.attr-${suffix}@example.com`;
const withoutScripts = `nojs.attr-${suffix}@example.com`;
/** A signup of the same search without attribution: the source filter leaves it out. */
const direct = `direct.attr-${suffix}@example.com`;
let staff: SeededMember;

beforeAll(async () => {
  staff = await seedMember('attribution', ['Staff']);
  await seedSignup(direct);
});

describe('attribution (e2e)', () => {
  it(
    'carries a campaign visit from both signup paths to the details, the source filter, Insights and the Attribution worksheet',
    { timeout: 240_000 },
    async () => {
      // Scripts on: the landing page keeps the visit, the hydrated form writes it with the signup.
      const site = suite.track(
        await openSite(suite.browser, suite.stack.siteUrl, LANDING, { referer: REFERRER }),
      );
      await joinWithHeroForm(site.page, withScripts);
      // Scripts off: the native form post to /api/join, from the landing URL.
      const context = suite.track({
        context: await suite.browser.newContext({ javaScriptEnabled: false }),
      }).context;
      await cutOffThirdParties(context);
      const page = await context.newPage();
      await page.goto(new URL(LANDING, suite.stack.siteUrl).href, { referer: REFERRER });
      await joinWithHeroForm(page, withoutScripts);

      await expect
        .poll(async () => (await readSignup(withScripts))?.utmSource, { timeout: 20_000 })
        .toBe('newsletter');
      expect(await readSignup(withScripts)).toMatchObject({
        utmSource: 'newsletter',
        utmCampaign: 'launch',
        referrerHost: 'news.example.com',
        landingPath: '/',
      });
      const noScript = await readSignup(withoutScripts);
      expect(noScript).toMatchObject({ utmSource: 'newsletter', utmCampaign: 'launch', landingPath: '/' });
      expect(noScript).not.toHaveProperty('referrerHost');

      // The panel: the search keeps this test's three signups; the source filter narrows them to two.
      const admin = await suite.openSignedIn(staff, `/admin?q=${encodeURIComponent(`.attr-${suffix}@`)}`);
      await admin.getByRole('table', { name: 'Waitlist signups' }).waitFor({ timeout: 20_000 });
      await expect
        .poll(() => emailsShown(admin).then((emails) => emails.sort()), { timeout: 30_000 })
        .toEqual([direct, withScripts, withoutScripts]);
      const source = admin.getByRole('combobox', { name: 'Source' });
      await expect
        .poll(async () =>
          (await source.getByRole('option').allTextContents()).some((text) => text.startsWith('newsletter')),
        )
        .toBe(true);
      await source.selectOption('newsletter');
      await expect
        .poll(() => emailsShown(admin).then((emails) => emails.sort()))
        .toEqual([withScripts, withoutScripts]);
      expect(new URL(admin.url()).searchParams.get('source')).toBe('newsletter');

      for (const email of [withScripts, withoutScripts]) {
        await admin.getByRole('button', { name: `Details of ${email}` }).click();
        const dialog = admin.getByRole('dialog', { name: email });
        await dialog.waitFor();
        const details = await detailsOf(dialog);
        expect(details).toMatchObject({ Source: 'newsletter', Campaign: 'launch', 'Landing page': '/' });
        // Without scripts the referring site is not known, so no Referrer is shown.
        expect(details.Referrer).toBe(email === withScripts ? 'news.example.com' : undefined);
        if (email === withScripts) expect(await seriousViolations(admin)).toEqual([]);
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'detached' });
      }

      // The filtered spreadsheet: its Attribution worksheet lists both with their source and campaign.
      const { sheet, workbook } = await download(admin, () =>
        admin.getByRole('button', { name: 'Download filtered view' }).click(),
      );
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(
        SIGNUP_COLUMNS.map((column) => column.header),
      );
      const attribution = workbook.getWorksheet('Attribution');
      if (!attribution) throw new Error('The spreadsheet has no Attribution worksheet.');
      expect(workbook.worksheets.map((each) => each.name).slice(-2)).toEqual(['Attribution', 'Rewards']);
      expect((attribution.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Email', 'Source', 'Medium']);
      const listed: unknown[][] = [];
      attribution.eachRow((row, index) => {
        if (index > 1) listed.push([row.getCell(1).value, row.getCell(2).value, row.getCell(4).value]);
      });
      expect(listed.sort()).toEqual([
        [withScripts, 'newsletter', 'launch'],
        [withoutScripts, 'newsletter', 'launch'],
      ]);

      // Insights: "newsletter" among the sources, and the time chart of that source.
      await admin
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: 'Insights' })
        .click();
      const bySource = admin.getByRole('figure', { name: 'Signups by source', exact: true });
      await bySource.waitFor({ timeout: 20_000 });
      await expect
        .poll(async () => (await bySource.locator('svg text').allTextContents()).includes('newsletter'))
        .toBe(true);
      await admin.getByRole('combobox', { name: 'Source' }).selectOption('newsletter');
      await admin.getByRole('figure', { name: 'Signups per day, source newsletter', exact: true }).waitFor();
      await admin
        .getByRole('region', { name: 'Sources and campaigns' })
        .getByText('Suppressed addresses')
        .waitFor();
      expect(await seriousViolations(admin)).toEqual([]);
    },
  );
});
