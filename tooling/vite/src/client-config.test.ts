import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientConfigDefine } from './client-config';

let root: string;
const savedEnv = { ...process.env };

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'silk-client-config-'));
  for (const key of Object.keys(process.env)) if (key.startsWith('VITE_')) delete process.env[key];
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  process.env = { ...savedEnv };
});

function injected(): unknown {
  return JSON.parse(clientConfigDefine('production', { root }).__SILK_CLIENT_CONFIG__ ?? 'null');
}

describe('clientConfigDefine', () => {
  it('injects the emulator defaults when nothing is set', () => {
    expect(injected()).toMatchObject({
      apiBase: '/api',
      recaptchaSiteKey: null,
      emulators: { auth: '127.0.0.1:9099' },
    });
  });

  it("reads the root's .env files and the process environment, which wins", () => {
    writeFileSync(join(root, '.env'), 'VITE_API_BASE=/from-file/\nVITE_RECAPTCHA_SITE_KEY=file-key\n');
    process.env.VITE_RECAPTCHA_SITE_KEY = 'process-key';
    expect(injected()).toMatchObject({ apiBase: '/from-file', recaptchaSiteKey: 'process-key' });
  });

  it('fails on an invalid variable', () => {
    process.env.VITE_USE_EMULATORS = 'maybe';
    expect(injected).toThrow(/VITE_USE_EMULATORS/);
  });
});
