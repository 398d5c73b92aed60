// `pnpm test`: every check a reviewer would run, ending with one line `N passed, M failed`.
//   1. the static checks, each counted as one check: lint, typecheck (every workspace; type-level tests
//      such as packages/data-access/src/api-client.types.test.ts fail here), the format check
//   2. build the apps (wired to this run's emulators) and the functions
//   3. unit + dom layers (vitest)
//   4. emulator, then e2e layer (vitest), each inside its own `firebase emulators:exec`
// Options (env): SILK_TEST_LAYERS=static,unit,dom,emulator,e2e (default all); SILK_SKIP_BUILD=1;
// SILK_BUILD_FILTER=@silk/site builds only that package (turbo filter);
// SILK_PORT_OFFSET=N shifts every emulator port (to run stacks side by side). Extra CLI args are
// passed to vitest as filters (and skip the static checks, which take no filter).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startAppCheckStub } from '@silk/stack/app-check-stub';
import { ensureFirestoreLauncher } from '@silk/stack/firestore-launcher';
import { startMailDev, stopMailDev } from '@silk/stack/maildev';
import { emulatorBuildEnv, PROJECT_ID, ROOT, stackPorts, writeShiftedConfig } from '@silk/stack/stack';

const ALL_LAYERS = ['static', 'unit', 'dom', 'emulator', 'e2e'] as const;
type Layer = (typeof ALL_LAYERS)[number];

const offset = Number(process.env.SILK_PORT_OFFSET ?? 0);
const layers = (process.env.SILK_TEST_LAYERS?.split(',') ?? [...ALL_LAYERS]) as Layer[];
const filters = process.argv.slice(2).filter((arg) => arg !== '--');
const ports = stackPorts(offset);
const resultsDir = join(ROOT, 'test-results', String(offset));

const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...emulatorBuildEnv(ports),
  SILK_PORT_OFFSET: String(offset),
  SILK_TEST_RESULTS: resultsDir,
  FORCE_COLOR: process.env.CI ? '0' : (process.env.FORCE_COLOR ?? '1'),
};
ensureFirestoreLauncher(env);

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

interface Tally {
  passed: number;
  failed: number;
  /** Each failed test (or file that failed to load) and its message's first line. */
  failures: string[];
}

function readVitestReport(file: string): Tally | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults?: Array<{
      name: string;
      status: string;
      message?: string;
      assertionResults: Array<{ status: string; fullName: string; failureMessages?: string[] }>;
    }>;
  };
  const firstLine = (message: string | undefined) => (message ?? '').trim().split('\n')[0] ?? '';
  const failures: string[] = [];
  let brokenFiles = 0;
  for (const testFile of report.testResults ?? []) {
    const path = relative(ROOT, testFile.name);
    // A file that failed to load has no assertions but still failed: count it once.
    if (testFile.status === 'failed' && testFile.assertionResults.length === 0) {
      brokenFiles += 1;
      failures.push(`${path}: ${firstLine(testFile.message)}`);
    }
    for (const test of testFile.assertionResults)
      if (test.status === 'failed')
        failures.push(`${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles, failures };
}

function vitestArgs(projects: Layer[], reportName: string): string[] {
  return [
    'exec',
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(resultsDir, `${reportName}.json`)}`,
    '--passWithNoTests',
    ...filters,
  ];
}

const tally: Tally = { passed: 0, failed: 0, failures: [] };
let crashed = false;

/** Adds a layer's report to the tally and returns its failures. */
function account(reportName: string, exitCode: number): number {
  const report = readVitestReport(join(resultsDir, `${reportName}.json`));
  if (report) {
    tally.passed += report.passed;
    tally.failed += report.failed;
    tally.failures.push(...report.failures);
  } else if (exitCode === 0) {
    console.error(`\n[test] the ${reportName} layer wrote no report`);
    crashed = true;
  }
  if (exitCode !== 0 && (!report || report.failed === 0)) {
    console.error(`\n[test] the ${reportName} layer exited with ${exitCode} without a test failure`);
    crashed = true;
  }
  return report?.failed ?? 0;
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/** The static checks: each passes or fails as a whole (its own output names what is wrong). */
const STATIC_CHECKS: Array<{ name: string; args: string[] }> = [
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'format', args: ['exec', 'prettier', '--check', '.', '--log-level', 'warn'] },
];

if (layers.includes('static') && filters.length === 0) {
  for (const check of STATIC_CHECKS) {
    console.log(`\n[test] ${check.name}`);
    const passed = (await run('pnpm', check.args)) === 0;
    if (passed) tally.passed += 1;
    else {
      tally.failed += 1;
      tally.failures.push(`the ${check.name} check`);
      console.error(`[test] ${check.name} failed`);
    }
  }
}

const testLayers = layers.filter((layer) => layer !== 'static');
if (!process.env.SILK_SKIP_BUILD && testLayers.length > 0) {
  console.log('\n[test] building apps and functions (wired to the emulators)');
  const filter = process.env.SILK_BUILD_FILTER ? [`--filter=${process.env.SILK_BUILD_FILTER}`] : [];
  if ((await run('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only', ...filter])) !== 0) {
    console.error('[test] build failed');
    crashed = true;
  }
}

const fastLayers = layers.filter((layer): layer is Layer => layer === 'unit' || layer === 'dom');
if (!crashed && fastLayers.length > 0) {
  console.log(`\n[test] ${fastLayers.join(' + ')} layers`);
  account('fast', await run('pnpm', vitestArgs(fastLayers, 'fast')));
}

// Each stack layer in its own emulator run, so each starts on an empty database with idle functions: the
// emulator tests fill collections with thousands of documents and leave their triggers' backlog running,
// and a browser test started on top of that waited on a busy Firestore emulator (a panel that took over
// 20 s to open), while Chromium's stale listeners slowed the export tests when the order was reversed.
const stackLayers = (['emulator', 'e2e'] as const).filter((layer) => layers.includes(layer));
if (!crashed && stackLayers.length > 0) {
  const emulators = ['auth', 'firestore', 'hosting'];
  if (existsSync(join(ROOT, 'functions', 'deploy', 'index.js'))) emulators.push('functions');
  // App Check has no emulator: the stack's stand-in issuer serves the functions its keys and the site its
  // tokens while the layers run.
  const appCheckStub = await startAppCheckStub(offset);
  // Every e-mail the functions send lands in MailDev (SMTP and REST API shifted by the offset too).
  await startMailDev(offset);
  const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
  for (const layer of stackLayers) {
    console.log(`\n[test] ${layer} layer inside its own emulators`);
    const code = await run('pnpm', [
      'exec',
      'firebase',
      'emulators:exec',
      '--config',
      writeShiftedConfig(offset),
      '--project',
      PROJECT_ID,
      '--only',
      emulators.join(','),
      ['pnpm', ...vitestArgs([layer], layer)].map(quote).join(' '),
    ]);
    account(layer, code);
  }
  await appCheckStub.close();
  await stopMailDev(offset);
}

if (crashed) tally.failed += 1;
// Named again at the end, where a log cut to its tail still shows them.
if (tally.failures.length > 0)
  console.log(`\nFailed:\n${tally.failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed > 0 || crashed ? 1 : 0);
