// Content-Security-Policy violations in Chromium, for every e2e file of both apps: wrap the browser once
// (`browser = watchCsp(await launchChromium())`) and assert after each test (`afterEach(expectNoCspViolations)`).
// Every context the browser opens reports each `securitypolicyviolation` event of its pages, and every
// console error Chromium logs about the policy (also caught where scripts are off or blocked).
import type { Browser, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

const violations: string[] = [];
const REPORT = '__silkReportCspViolation';
const watched = new WeakSet<BrowserContext>();

async function watchContext(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return; // browser.newPage opens its context through newContext
  watched.add(context);
  await context.exposeBinding(
    REPORT,
    ({ page }, text: string) => void violations.push(`${page.url()}: ${text}`),
  );
  await context.addInitScript((report) => {
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const send = (window as unknown as Record<string, (text: string) => void>)[report];
        send?.(
          `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
        );
      },
      true,
    );
  }, REPORT);
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
    }
  });
}

/** Makes every context (and page) `browser` opens from now on report its CSP violations. */
export function watchCsp(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchContext(context);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await watchContext(page.context());
    return page;
  };
  return browser;
}

/** The violations reported since the last call (forgotten afterwards). */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}

/** Fails with the violations reported since the last call. */
export function expectNoCspViolations(): void {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
}
