// The set-up every browser test file shares: the running stack, one Chromium for the file (its pages
// watched for Content-Security-Policy violations, which fail the test) and the browser contexts a test
// opened, closed after it (a failed test first reports what its pages showed).
import { launchChromium } from '@silk/stack/browser';
import { discoverStack, type RunningStack } from '@silk/stack/stack';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { expectNoCspViolations, watchCsp } from './csp';
import { reportOpenPages } from './failure-report';

export interface BrowserSuite {
  readonly browser: Browser;
  readonly stack: RunningStack;
  /** Contexts to close after the current test. */
  readonly contexts: BrowserContext[];
  /** Closes the session's context after the current test; returns the session. */
  track<T extends { context: BrowserContext }>(session: T): T;
}

/** Registers the file's hooks; call once at the top of a test file, before its own beforeAll. */
export function browserSuite(): BrowserSuite {
  let browser: Browser | undefined;
  let stack: RunningStack | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    stack = await discoverStack();
    browser = watchCsp(await launchChromium());
  });
  afterEach(expectNoCspViolations);
  afterEach(async () => {
    while (contexts.length > 0) await contexts.pop()!.close();
  });
  // After-hooks run last-registered first: the pages are reported before their contexts close.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await reportOpenPages(task.name, contexts);
  });
  afterAll(async () => {
    await browser?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('browserSuite: used before its beforeAll ran');
    return value;
  };
  return {
    get browser() {
      return started(browser);
    },
    get stack() {
      return started(stack);
    },
    contexts,
    track(session) {
      contexts.push(session.context);
      return session;
    },
  };
}
