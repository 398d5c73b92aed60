// Lints one-line modules placed (virtually) in real folders of the apps and packages with each
// workspace's own eslint.config.js, so the real layer zones and import resolution are exercised.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const linters = new Map<string, ESLint>();

function linterFor(workspace: string): ESLint {
  const cwd = path.join(repoRoot, workspace);
  let linter = linters.get(cwd);
  if (!linter) {
    linter = new ESLint({
      cwd,
      overrideConfigFile: path.join(cwd, 'eslint.config.js'),
      // An import that does not resolve is never judged by the zones: make that a failure here.
      overrideConfig: { rules: { 'import-x/no-unresolved': 'error' } },
    });
    linters.set(cwd, linter);
  }
  return linter;
}

/** The problems ESLint reports for `import '<specifier>'` written in `file` of `workspace`. */
async function problems(workspace: string, file: string, specifier: string): Promise<string[]> {
  const filePath = path.join(repoRoot, workspace, file);
  const results = await linterFor(workspace).lintText(`import '${specifier}';\n`, { filePath });
  return results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId}: ${message.message}`),
  );
}

const feature = 'A feature never imports another feature';
const shell = 'Features never import the app shell';
const shared = 'Shared folders never import features or the app shell';
const app = 'Packages never import apps';
const aliasOnly = 'one import style';
const drivers = 'never import one another';
const relativePackage = 'import-x/no-relative-packages';
const domains = 'no cycle between domain folders';
const byPath = 'Functions import other workspaces by package name';
const harness = 'Shipped code never imports the test harness';

describe('layer zones refuse crossing imports', () => {
  it.each([
    [
      'apps/admin',
      'src/features/team/components/probe.tsx',
      '@/features/auth/components/sign-in-card',
      feature,
    ],
    [
      'apps/admin',
      'src/features/team/components/probe.tsx',
      '@/features/signups/components/columns',
      feature,
    ],
    [
      'apps/site',
      'src/features/landing/components/probe.tsx',
      '@/features/waitlist/components/feedback-form',
      feature,
    ],
    ['apps/admin', 'src/features/auth/components/probe.tsx', '@/app/routes', shell],
    ['apps/site', 'src/features/landing/components/probe.tsx', '@/app/landing-page', shell],
    ['apps/site', 'src/features/waitlist/hooks/probe.ts', '@/entries/waitlist', shell],
    ['apps/admin', 'src/lib/probe.ts', '@/features/auth/components/sign-in-card', shared],
    ['apps/admin', 'src/components/probe.tsx', '@/features/signups/components/columns', shared],
    ['apps/admin', 'src/config/probe.ts', '@/app/routes', shared],
    ['apps/site', 'src/components/probe.tsx', '@/features/waitlist/components/feedback-form', shared],
    ['apps/site', 'src/lib/probe.ts', '@/app/landing-page', shared],
    ['apps/site', 'src/lib/probe.ts', '../config/pages', aliasOnly],
    ['apps/admin', 'src/features/team/components/probe.tsx', '../hooks/use-team', aliasOnly],
    ['packages/ui', 'src/probe.tsx', '../../../apps/site/src/lib/reduced-motion', app],
    ['packages/schema', 'src/probe.ts', '../../../apps/admin/src/config/env', app],
    [
      'packages/data-access',
      'src/probe.ts',
      '../../../apps/admin/src/features/auth/components/sign-in-card',
      app,
    ],
    ['packages/schema', 'src/probe.ts', 'firebase/app', 'stays free of Firebase'],
    ['packages/schema', 'src/probe.ts', 'firebase-admin/firestore', 'stays free of Firebase'],
    ['packages/schema', 'src/probe.ts', '@firebase/util', 'stays free of Firebase'],
    ['packages/schema', 'src/probe.ts', 'react', 'stays free of React'],
    // functions/src: the mail ↔ lib cycle that the domain folders removed stays removed; the outbox
    // knows no subscriber.
    ['functions', 'src/subscribers/probe.ts', '../signups/signup-feeds', domains],
    ['functions', 'src/subscribers/probe.ts', '../staff/team', domains],
    ['functions', 'src/outbox/probe.ts', '../subscribers/mailing-list', domains],
    ['functions', 'src/outbox/probe.ts', '../referrals/credit', domains],
    ['functions', 'src/http/probe.ts', '../subscribers/mailing-list', domains],
    ['functions', 'src/http/probe.ts', '../staff/team', domains],
    ['functions', 'src/shared/probe.ts', '../http/http', domains],
    ['functions', 'src/signups/probe.ts', '../staff/identifier', domains],
    ['functions', 'src/staff/probe.ts', '../signups/xlsx', domains],
    ['functions', 'src/signups/probe.ts', '../index', domains],
    ['functions', 'src/referrals/probe.ts', '../subscribers/mailing-list', domains],
    ['functions', 'src/referrals/probe.ts', '../subscribers/subscribe', domains],
    ['functions', 'src/http/probe.ts', '../../../packages/schema/src/api-routes', byPath],
    // Shipped code (a non-test file under src/) never imports the test harness.
    ['functions', 'src/signups/probe.ts', '@silk/stack/admin-sdk', harness],
    ['functions', 'src/signups/probe.ts', '../../test-support/emulator', harness],
    ['packages/data-access', 'src/probe.ts', '../test-support/emulator', harness],
    ['packages/data-access', 'src/signups/probe.ts', '@silk/stack/stack', harness],
    ['apps/admin', 'src/lib/probe.ts', '@silk/stack/staff', harness],
  ])('%s %s ← %s', async (workspace, file, specifier, reason) => {
    expect(await problems(workspace, file, specifier)).toEqual([expect.stringContaining(reason)]);
  });

  // A path into another driver folder is also a relative import of another package: both rules report.
  it.each([
    ['e2e', 'probe.e2e.test.ts', '../bench/lib/report', drivers],
    ['e2e', 'support/probe.ts', '../../scripts/seed', drivers],
    ['bench', 'lib/probe.ts', '../../e2e/support/admin-suite', drivers],
    ['scripts', 'probe.ts', '../bench/lib/report', drivers],
    ['bench', 'probe.ts', '../packages/schema/src/constants', relativePackage],
    ['scripts', 'probe.ts', '../tooling/stack/src/stack', relativePackage],
  ])('%s %s ← %s', async (workspace, file, specifier, reason) => {
    expect(await problems(workspace, file, specifier)).toContainEqual(expect.stringContaining(reason));
  });
});

describe('layer zones allow downward imports', () => {
  it.each([
    ['apps/admin', 'src/app/probe.tsx', '@/features/auth/components/sign-in-card'],
    ['apps/admin', 'src/app/shell/probe.tsx', '@/features/signups/components/columns'],
    ['apps/admin', 'src/features/team/components/probe.tsx', '@/lib/error-message'],
    ['apps/admin', 'src/features/team/components/probe.tsx', '@/components/confirm-dialog'],
    ['apps/admin', 'src/features/team/components/probe.tsx', '@/config/env'],
    ['apps/admin', 'src/features/team/components/probe.tsx', '@silk/schema/messages'],
    ['apps/admin', 'src/features/auth/hooks/probe.ts', '@/features/auth/components/sign-in-card'],
    ['apps/admin', 'src/main.tsx', './app/routes'],
    ['apps/site', 'src/app/probe.tsx', '@/features/landing/components/hero'],
    ['apps/site', 'src/entries/probe.tsx', '@/features/waitlist/components/feedback-form'],
    ['apps/site', 'src/features/landing/components/probe.tsx', '@/lib/reduced-motion'],
    ['apps/site', 'src/features/landing/components/probe.tsx', '@/components/site-footer'],
    ['apps/site', 'src/features/landing/components/probe.tsx', '@/config/env'],
    ['apps/site', 'src/features/landing/components/probe.tsx', '@/content/landing'],
    ['apps/site', 'src/features/landing/components/probe.tsx', '@silk/schema/messages'],
    ['apps/site', 'src/components/probe.tsx', '@/content/site'],
    ['packages/data-access', 'src/probe.ts', '@silk/schema/messages'],
    ['e2e', 'support/probe.ts', '@silk/stack/stack'],
    ['bench', 'lib/probe.ts', './report'],
    ['scripts', 'probe.ts', '@silk/schema/constants'],
    ['functions', 'src/signups/probe.ts', '../subscribers/mailing-list'],
    ['functions', 'src/signups/probe.ts', '../http/endpoint'],
    ['functions', 'src/staff/probe.ts', '../http/endpoint'],
    ['functions', 'src/subscribers/probe.ts', '../shared/config'],
    ['functions', 'src/subscribers/probe.ts', '../referrals/credit'],
    ['functions', 'src/subscribers/probe.ts', '../outbox/mail-queue'],
    ['functions', 'src/outbox/probe.ts', '../suppression/suppression-list'],
    ['functions', 'src/signups/probe.ts', '../referrals/record-referrer'],
    ['functions', 'src/referrals/probe.ts', '../http/endpoint'],
    ['functions', 'src/http/probe.ts', '../shared/admin'],
    ['functions', 'src/http/probe.ts', '@silk/schema/api-routes'],
    ['functions', 'src/subscribers/probe.emulator.test.ts', '../../test-support/emulator'],
    ['functions', 'src/probe.ts', './subscribers/subscribe'],
    // Tests reach the harness.
    ['functions', 'src/signups/probe.emulator.test.ts', '../../test-support/emulator'],
    ['functions', 'src/signups/probe.emulator.test.ts', '@silk/stack/admin-sdk'],
    ['packages/data-access', 'src/probe.emulator.test.ts', '../test-support/emulator'],
  ])('%s %s ← %s', async (workspace, file, specifier) => {
    expect(await problems(workspace, file, specifier)).toEqual([]);
  });
});

describe('functions never import an app', () => {
  it('refuses a path into apps/ (by zone and by path)', async () => {
    expect(await problems('functions', 'src/http/probe.ts', '../../../apps/admin/src/config/env')).toEqual(
      expect.arrayContaining([expect.stringContaining('Functions never import apps')]),
    );
  });
});
