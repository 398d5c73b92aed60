// The time from a write to its row in an open admin panel: the table scrolled to the top, then the
// milliseconds from `write` to the first change of the page whose text holds `address`.
import type { Page } from 'playwright-core';

export async function rowShownAfter(page: Page, address: string, write: () => Promise<unknown>): Promise<number> {
  await page.evaluate(() =>
    document.querySelector('[role="region"][aria-label^="Waitlist signups"]')?.scrollTo({ top: 0 }),
  );
  const seen = page.evaluate(
    (text) =>
      new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.body.textContent?.includes(text)) {
            observer.disconnect();
            resolve(Date.now());
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    address,
  );
  const writtenAt = Date.now();
  await write();
  return (await seen) - writtenAt;
}
