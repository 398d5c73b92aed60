// The inner run of the admin panel benches (admin.ts, live.ts), inside their emulator session: Chromium
// with the stack's App Check stand-in up (the panel obtains its tokens from it as it starts); the figures
// measured are written to a file that the outer process reads and reports.
import { startAppCheckStub } from '@silk/stack/app-check-stub';
import { launchChromium } from '@silk/stack/browser';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

type Browser = Awaited<ReturnType<typeof launchChromium>>;

/** Runs `measure` with Chromium and writes the figures it answers to `figuresFile`; both closed after. */
export async function measureInChromium(
  offset: number,
  figuresFile: string,
  measure: (browser: Browser) => Promise<object>,
): Promise<void> {
  const appCheck = await startAppCheckStub(offset);
  const browser = await launchChromium();
  try {
    const figures = await measure(browser);
    mkdirSync(dirname(figuresFile), { recursive: true });
    writeFileSync(figuresFile, JSON.stringify(figures));
  } finally {
    await browser.close();
    await appCheck.close();
  }
}
