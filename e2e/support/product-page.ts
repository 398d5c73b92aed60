// The product an invitation leads to: its sign-up address, answered by the tests in place of the product.
import type { Page } from 'playwright-core';
import type { BrowserSuite } from './browser-suite';
import { cutOffThirdParties } from './site-page';

/** functions/env/.env.demo-silk's PRODUCT_SIGNUP_URL. */
export const PRODUCT_SIGNUP_URL = 'https://app.silk.test/signup';

/**
 * A visitor's page in a context of its own (closed after the test): third parties cut off, the product's
 * sign-up address answered by a stand-in page.
 */
export async function visitorPage(
  suite: BrowserSuite,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  const context = await suite.browser.newContext(options);
  suite.contexts.push(context);
  await cutOffThirdParties(context);
  await context.route(`${PRODUCT_SIGNUP_URL}**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Product</title><h1>Product sign-up</h1>',
    }),
  );
  return context.newPage();
}
