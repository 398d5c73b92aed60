// The deployable output (DESIGN §6a): functions/deploy holds a bundle without workspace imports and a
// package.json without workspace references, which plain `npm install` installs in an empty folder and
// Node loads, exposing the four functions with their deployment options. Slow (a real npm install);
// kept in the emulator layer so the fast layers stay fast.
import { apiRoutes } from '@silk/schema/api-routes';
import { FUNCTIONS_REGION } from '@silk/schema/constants';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKGROUND_FUNCTIONS } from './background-functions';

const deployDir = join(import.meta.dirname, '..', 'deploy');
const work = mkdtempSync(join(tmpdir(), 'silk-functions-deploy-'));

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** An environment without the emulator's or pnpm's variables, as on a clean machine. */
function cleanEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG'];
  return Object.fromEntries(keep.filter((key) => process.env[key]).map((key) => [key, process.env[key]]));
}

describe('functions/deploy', () => {
  it('is built: a bundle and a package.json without workspace references', () => {
    expect(existsSync(join(deployDir, 'index.js')), 'run `pnpm --filter @silk/functions build` first').toBe(
      true,
    );
    const manifest = readFileSync(join(deployDir, 'package.json'), 'utf8');
    expect(manifest).not.toMatch(/workspace:|catalog:|@silk\//);
    const parsed = JSON.parse(manifest) as {
      main: string;
      type: string;
      engines: { node: string };
      dependencies: Record<string, string>;
    };
    expect(parsed).toMatchObject({ main: 'index.js', type: 'module', engines: { node: '22' } });
    expect(Object.keys(parsed.dependencies).sort()).toEqual([
      'disposable-email-domains',
      'exceljs',
      'firebase-admin',
      'firebase-functions',
      'ipaddr.js',
      'jose',
      'marked',
      'nodemailer',
      'sanitize-html',
      'standardwebhooks',
      'zod',
    ]);
    expect(readFileSync(join(deployDir, 'index.js'), 'utf8')).not.toMatch(/from\s*["']@silk\//);
  });

  it(
    'installs with plain npm install in an empty folder and loads the four functions',
    { timeout: 600_000 },
    () => {
      // What `firebase deploy` uploads (firebase.json ignores node_modules and *.local).
      for (const file of ['index.js', 'package.json']) copyFileSync(join(deployDir, file), join(work, file));
      execFileSync('npm', ['install', '--no-audit', '--no-fund'], {
        cwd: work,
        env: cleanEnv(),
        stdio: 'pipe',
        timeout: 540_000,
      });

      const probe = `
      const loaded = await import(${JSON.stringify(join(work, 'index.js'))});
      const out = {};
      for (const [name, fn] of Object.entries(loaded)) out[name] = fn.__endpoint;
      console.log(JSON.stringify(out));
    `;
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', probe], {
        cwd: work,
        env: cleanEnv(),
      });
      const endpoints = JSON.parse(output.toString()) as Record<string, Record<string, unknown>>;
      const routes = apiRoutes().map((route) => route.functionId);
      expect(Object.keys(endpoints).sort()).toEqual([...routes, ...Object.keys(BACKGROUND_FUNCTIONS)].sort());
      for (const endpoint of Object.values(endpoints)) {
        expect(endpoint).toMatchObject({ platform: 'gcfv2', region: [FUNCTIONS_REGION], maxInstances: 10 });
      }
      for (const name of routes) expect(endpoints[name]?.httpsTrigger).toMatchObject({ invoker: ['public'] });
      expect(endpoints.sendMail?.eventTrigger).toMatchObject({
        eventType: 'google.cloud.firestore.document.v1.written',
        retry: false,
      });
      expect(endpoints.sendMail?.secretEnvironmentVariables).toEqual([
        expect.objectContaining({ key: 'SMTP_CONNECTION_URI' }),
      ]);
      expect(endpoints.redriveMail?.scheduleTrigger).toMatchObject({ schedule: 'every 1 minutes' });
      expect(endpoints.unsubscribe?.secretEnvironmentVariables).toEqual([
        expect.objectContaining({ key: 'MAIL_TOKEN_SECRET' }),
      ]);
      // The product backend's key reaches the verify function only.
      expect(endpoints.verifyInvite?.secretEnvironmentVariables).toEqual([
        expect.objectContaining({ key: 'INVITE_VERIFY_KEY' }),
      ]);
      expect(endpoints.exportWaitlist).toMatchObject({ availableMemoryMb: 1024, timeoutSeconds: 300 });
      // The functions whose audit entries name an address by its keyed hash hold the server secret.
      for (const name of ['deleteSignup', 'eraseSubscriber', 'exportWaitlist']) {
        expect(endpoints[name]?.secretEnvironmentVariables, name).toEqual([
          expect.objectContaining({ key: 'MAIL_TOKEN_SECRET' }),
        ]);
      }
      expect(endpoints.waitlistUpdate?.secretEnvironmentVariables).toEqual([
        expect.objectContaining({ key: 'RECAPTCHA_SECRET_KEY' }),
      ]);
    },
  );
});
