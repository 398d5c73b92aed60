// The E-mail copy tab in Chromium against the built panel on the emulators: an Admin edits the
// confirmation's subject with its live preview, saves it, and the next signup's confirmation in MailDev
// carries it; a text without the confirm link is refused with the message naming it, as typed and at
// save; restoring the previous version brings it back in one click; a Staff member reads the copy but
// cannot change it; axe finds nothing serious.
import { COLLECTIONS } from '@silk/schema/constants';
import { MAIL_KIND_SPECS } from '@silk/schema/mail-copy';
import { MAIL_COPY_ADMIN_REQUIRED, MAIL_COPY_SAVED } from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, uniqueSuffix, type SeededMember } from './support/admin-session';
import { adminSuite } from './support/admin-suite';
import { seriousViolations } from './support/axe';
import { openSite, uniqueEmail } from './support/site-page';
import { firstMailTo, joinWithHeroForm } from './support/subscriber-mail';

const suite = adminSuite();
const suffix = uniqueSuffix();
const DEFAULT = MAIL_KIND_SPECS.confirmation.defaults;
const MISSING_LINK = 'Keep the link {{confirmLink}}: this e-mail cannot do its job without it.';
let admin: SeededMember;
let staff: SeededMember;

beforeAll(async () => {
  [admin, staff] = await Promise.all([seedMember('copy', ['Admin']), seedMember('copystaff', ['Staff'])]);
});

afterAll(async () => {
  // Later files expect the default confirmation (a copy left in force by a failed step).
  await adminSdk().db.collection(COLLECTIONS.mailCopy).doc('confirmation').delete();
});

async function openTab(member: SeededMember) {
  const page = await suite.openSignedIn(member, '/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'E-mail copy' }).click();
  await page.getByRole('heading', { level: 2, name: 'E-mail copy' }).waitFor({ timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Text' }).waitFor();
  return page;
}

async function confirmationSubject(label: string): Promise<string> {
  const email = uniqueEmail(label);
  const { context, page } = await openSite(suite.browser, suite.stack.siteUrl, '/');
  suite.contexts.push(context);
  await joinWithHeroForm(page, email);
  return (await firstMailTo(email)).subject;
}

describe('E-mail copy tab (e2e)', () => {
  it("sends an Admin's edited confirmation subject, refuses a text without the confirm link and restores the previous version; axe-clean", async () => {
    const page = await openTab(admin);
    expect(await seriousViolations(page)).toEqual([]);
    const subject = page.getByRole('textbox', { name: 'Subject' });
    const before = await subject.inputValue();

    // Edit the subject: the preview follows as typed, the save says so.
    const edited = `Confirm your Silk spot (${suffix})`;
    await subject.fill(`Confirm your {{productName}} spot (${suffix})`);
    expect(await page.getByTestId('mail-copy-preview-subject').textContent()).toBe(edited);
    await page.getByRole('button', { name: 'Save a new version' }).click();
    await page.getByRole('status').filter({ hasText: MAIL_COPY_SAVED }).waitFor();
    expect(await confirmationSubject('copy-e2e')).toBe(edited);

    // Drop the confirm link: refused as typed and at save, nothing saved.
    const text = page.getByRole('textbox', { name: 'Text' });
    await text.fill(DEFAULT.body.replace('[Confirm my spot]({{confirmLink}})', 'Reply to confirm.'));
    await page.getByTestId('mail-copy-problems').getByText(MISSING_LINK).waitFor();
    await page.getByRole('button', { name: 'Save a new version' }).click();
    expect(await page.getByRole('alert').first().textContent()).toContain(MISSING_LINK);
    expect(await seriousViolations(page)).toEqual([]);
    const stored = await adminSdk().db.collection(COLLECTIONS.mailCopy).doc('confirmation').get();
    expect(stored.get('body')).toBe(DEFAULT.body);

    // Restore the version before the edit (the default on a fresh stack) in one click.
    const versions = page.getByRole('list', { name: 'Versions of the confirmation e-mail' });
    const previous = versions.getByRole('button', { name: /^Restore (version \d+|the default)$/ }).first();
    await previous.click();
    await page
      .getByRole('status')
      .filter({ hasText: /is back\. New e-mails use it within a minute\./ })
      .waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(before);
    expect(await page.getByRole('textbox', { name: 'Text' }).inputValue()).toBe(DEFAULT.body);
    expect(await versions.textContent()).toContain('restored');
  });

  it('lets a Staff member read the copy but not change it', async () => {
    const page = await openTab(staff);
    expect(await page.getByText(MAIL_COPY_ADMIN_REQUIRED).count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Text' }).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: /^Restore/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
