// App Check as a visitor's browser meets it on the emulator build: the landing form's signup gets a token
// from the stack's stand-in issuer (the custom provider, loaded with the signup code, not with the page),
// sends it on /api/subscribe through Hosting, and the function — which refuses calls without a valid
// token — stores the subscriber.
import { APP_CHECK_HEADER, COLLECTIONS } from '@silk/schema/constants';
import { SIGNUP_BUTTON_LABEL } from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSite, uniqueEmail } from './support/site-page';
import { browserSuite } from './support/browser-suite';

const suite = browserSuite();

describe('App Check on the landing signup', () => {
  it('sends a stand-in token on /api/subscribe, which then stores the subscriber', async () => {
    const { context, page } = await openSite(suite.browser, suite.stack.siteUrl, '/');
    suite.contexts.push(context);
    const subscribe: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/subscribe') subscribe.push(request);
    });
    const email = uniqueEmail('appcheck');
    const hero = page.locator('#hero');
    await hero.getByRole('textbox', { name: 'Your e-mail address' }).fill(email);
    await Promise.all([
      page.waitForURL('**/waitlist'),
      hero.getByRole('button', { name: SIGNUP_BUTTON_LABEL }).click(),
    ]);

    await expect.poll(() => subscribe.length).toBe(1);
    const [call] = subscribe;
    expect(await call?.headerValue(APP_CHECK_HEADER)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const subscriber = () => adminSdk().db.collection(COLLECTIONS.subscribers).doc(email).get();
    await expect.poll(async () => (await subscriber()).exists, { timeout: 10_000 }).toBe(true);
  });
});
