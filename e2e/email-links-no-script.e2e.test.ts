// The confirm and unsubscribe links of an e-mail in Chromium with scripts disabled, and with the page's
// script never arriving (a click before hydration): "Confirm my spot" confirms, "Unsubscribe" unsubscribes
// and its answer re-subscribes, each a native form post answered by a page, checked in Firestore.
import { COLLECTIONS } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import type { CaughtMail } from '@silk/stack/maildev';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/browser-suite';
import { cutOffThirdParties, openSite, uniqueEmail } from './support/site-page';
import { firstMailTo, joinWithHeroForm, textLink } from './support/subscriber-mail';

const suite = browserSuite();
const { db } = adminSdk();

const subscriber = async (email: string) =>
  (await db.collection(COLLECTIONS.subscribers).doc(email).get()).data();

async function signUp(label: string): Promise<{ email: string; mail: CaughtMail }> {
  const email = uniqueEmail(label);
  const { context, page } = await openSite(suite.browser, suite.stack.siteUrl, '/');
  suite.contexts.push(context);
  await joinWithHeroForm(page, email);
  return { email, mail: await firstMailTo(email) };
}

/**
 * A page in a context of its own: scripts off, or on with the site's modules never arriving (the head's
 * inline scripts run, no island hydrates).
 */
async function newPage(scripts: 'off' | 'never-loaded'): Promise<Page> {
  const context = await suite.browser.newContext({ javaScriptEnabled: scripts !== 'off' });
  suite.contexts.push(context);
  await cutOffThirdParties(context);
  if (scripts === 'never-loaded') await context.route('**/assets/**/*.js', (route) => route.abort());
  return context.newPage();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Signs up, opens the e-mail's link of that text in a new page and waits for the page's heading. */
async function openMailLink(
  label: string,
  scripts: 'off' | 'never-loaded',
  link: string,
  title?: string,
): Promise<{ email: string; page: Page }> {
  const { email, mail } = await signUp(label);
  const page = await newPage(scripts);
  await page.goto(textLink(mail, link));
  if (title) await heading(page, title).waitFor();
  return { email, page };
}

/** Presses the button of that name and waits for the page it leads to. */
async function press(page: Page, button: string, title: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await heading(page, title).waitFor({ timeout: 20_000 });
}

describe('the e-mail links without a script (e2e)', () => {
  it('"Confirm my spot" with scripts disabled: the page changes nothing, its button confirms', async () => {
    const { email, page } = await openMailLink('nojs-confirm', 'off', 'Confirm my spot', 'Confirm your spot');
    expect((await subscriber(email))?.confirmedAt).toBeUndefined();
    await press(page, 'Confirm my spot', 'You’re confirmed');
    expect((await subscriber(email))?.confirmedAt).toBeDefined();
  });

  it('"Unsubscribe" with scripts disabled: the button unsubscribes, the answer re-subscribes', async () => {
    const { email, page } = await openMailLink(
      'nojs-unsubscribe',
      'off',
      'Unsubscribe',
      'Unsubscribe from Silk e-mails',
    );
    expect((await subscriber(email))?.unsubscribedAt).toBeUndefined();
    await press(page, 'Unsubscribe', 'You are unsubscribed');
    expect((await subscriber(email))?.unsubscribedAt).toBeDefined();
    await press(page, 'Re-subscribe', 'Welcome back');
    expect((await subscriber(email))?.unsubscribedAt).toBeUndefined();
  });

  it('"Unsubscribe" clicked before the page hydrates posts the form natively', async () => {
    const { email, page } = await openMailLink('prehydration-unsubscribe', 'never-loaded', 'Unsubscribe');
    await press(page, 'Unsubscribe', 'You are unsubscribed');
    expect((await subscriber(email))?.unsubscribedAt).toBeDefined();
  });
});
