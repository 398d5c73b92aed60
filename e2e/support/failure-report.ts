// What a failed browser test leaves in the log: each open page's address and the text it showed, so a
// failure seen only in CI says which screen the page was stuck on.
import type { BrowserContext } from 'playwright-core';

const SHOWN_TEXT_LIMIT = 1500;

export async function reportOpenPages(testName: string, contexts: readonly BrowserContext[]): Promise<void> {
  for (const page of contexts.flatMap((context) => context.pages())) {
    const shown = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((error: unknown) => `(text not read: ${String(error)})`);
    console.log(
      `[failed: ${testName}] page at ${page.url()} showed:\n${shown.slice(0, SHOWN_TEXT_LIMIT).trim()}`,
    );
  }
}
