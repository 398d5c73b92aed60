// The Broadcasts tab in Chromium against the built panel on the emulators: an Admin composes a
// broadcast, counts its reach (announced) and sends a test, which reaches the Admin's own address in
// MailDev with the one-click unsubscribe headers and without the Markdown's script; a Staff member sees
// the tab without the composer; axe finds nothing serious on the tab, before and after.
import { broadcastReach, BROADCAST_TEST_SENT } from '@silk/schema/messages';
import { waitForMailTo } from '@silk/stack/maildev';
import { describe, expect, it } from 'vitest';
import { seedMember, uniqueSuffix } from './support/admin-session';
import { adminSuite } from './support/admin-suite';
import { seriousViolations } from './support/axe';

const suite = adminSuite();
const suffix = uniqueSuffix();

describe('Broadcasts tab (e2e)', () => {
  it('lets an Admin compose, count the reach and send a test to themselves; axe-clean', async () => {
    const admin = await seedMember('broadcaster', ['Admin']);
    const page = await suite.openSignedIn(admin, '/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Broadcasts', exact: true }).click();
    await page
      .getByRole('heading', { level: 2, name: 'Broadcasts', exact: true })
      .waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);

    const subject = `Launch ${suffix}`;
    await page.getByLabel('Subject').fill(subject);
    await page
      .getByLabel('Message (Markdown)')
      .fill('# We are live\n\n<script>alert(1)</script>\n\nRead [the news](https://silk.travel/news).');
    await page.getByRole('button', { name: 'Count reach' }).click();
    const reach = page.getByRole('status').filter({ hasText: 'This broadcast reaches' });
    await reach.waitFor({ timeout: 20_000 });
    const count = Number(
      /reaches (\d[\d,]*) /.exec((await reach.textContent()) ?? '')?.[1]?.replace(/,/g, '') ?? -1,
    );
    expect(await reach.textContent()).toBe(broadcastReach(count));

    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await page.getByRole('status').filter({ hasText: BROADCAST_TEST_SENT }).waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
    const [mail] = await waitForMailTo(admin.email, { timeoutMs: 60_000 });
    expect(mail?.subject).toBe(`[Test] ${subject}`);
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers['list-unsubscribe']).toMatch(/^<.+>$/);
    expect(mail?.html).not.toMatch(/<script/i);
    expect(mail?.html).toContain('<a href="https://silk.travel/news">the news</a>');
  });

  it('shows a Staff member the broadcasts without the composer', async () => {
    const staff = await seedMember('bcstaff', ['Staff']);
    const page = await suite.openSignedIn(staff, '/admin/broadcasts');
    await page
      .getByRole('heading', { level: 2, name: 'Broadcasts', exact: true })
      .waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Sent and scheduled' }).waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Subject').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
