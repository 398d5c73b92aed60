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

describe('the e-mail links without a script (e2e)', () => {
  it('"Confirm my spot" with scripts disabled: the page changes nothing, its button confirms', async () => {
    const { email, mail } = await signUp('nojs-confirm');
    const page = await newPage('off');
    await page.goto(textLink(mail, 'Confirm my spot'));
    await heading(page, 'Confirm your spot').waitFor();
    expect((await subscriber(email))?.confirmedAt).toBeUndefined();
    await page.getByRole('button', { name: 'Confirm my spot' }).click();
    await heading(page, 'You’re confirmed').waitFor({ timeout: 20_000 });
    expect((await subscriber(email))?.confirmedAt).toBeDefined();
  });

  it('"Unsubscribe" with scripts disabled: the button unsubscribes, the answer re-subscribes', async () => {
    const { email, mail } = await signUp('nojs-unsubscribe');
    const page = await newPage('off');
    await page.goto(textLink(mail, 'Unsubscribe'));
    await heading(page, 'Unsubscribe from Silk e-mails').waitFor();
    expect((await subscriber(email))?.unsubscribedAt).toBeUndefined();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await heading(page, 'You are unsubscribed').waitFor({ timeout: 20_000 });
    expect((await subscriber(email))?.unsubscribedAt).toBeDefined();
    await page.getByRole('button', { name: 'Re-subscribe' }).click();
    await heading(page, 'Welcome back').waitFor({ timeout: 20_000 });
    expect((await subscriber(email))?.unsubscribedAt).toBeUndefined();
  });

  it('"Unsubscribe" clicked before the page hydrates posts the form natively', async () => {
    const { email, mail } = await signUp('prehydration-unsubscribe');
    const page = await newPage('never-loaded');
    await page.goto(textLink(mail, 'Unsubscribe'));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await heading(page, 'You are unsubscribed').waitFor({ timeout: 20_000 });
    expect((await subscriber(email))?.unsubscribedAt).toBeDefined();
  });
});
