// The site's /admin redirect: firebase.json sends it to the production admin host (ADMIN_ORIGIN), and
// the emulators' config of every offset to that stack's admin target. The emulators' config binds them
// to loopback and lets the pages reach them, which the deployed firebase.json does not.
import { ADMIN_ORIGIN } from '@silk/schema/constants';
import { describe, expect, it } from 'vitest';
import {
  adminRedirects,
  appCheckStubUrl,
  readFirebaseConfig,
  shiftedConfig,
  stackPorts,
  withConnectSources,
  type FirebaseConfig,
} from './stack';

const siteRedirects = (config: ReturnType<typeof readFirebaseConfig>) =>
  config.hosting.find((site) => site.target === 'site')?.redirects;

describe('the site Hosting target', () => {
  it('redirects /admin and /admin/… to the admin host in firebase.json (302, rest of the path kept)', () => {
    expect(siteRedirects(readFirebaseConfig())).toEqual([
      { source: '/admin', destination: `${ADMIN_ORIGIN}/admin`, type: 302 },
      { source: '/admin/:path*', destination: `${ADMIN_ORIGIN}/admin/:path*`, type: 302 },
    ]);
    expect(siteRedirects(readFirebaseConfig())).toEqual(adminRedirects(ADMIN_ORIGIN));
  });

  it.each([0, 300])(
    'redirects to the Hosting emulator’s admin target in the config of offset %i',
    (offset) => {
      const config = shiftedConfig(offset);
      const adminPort = stackPorts(offset).hosting + 5;
      expect(siteRedirects(config)).toEqual([
        { source: '/admin', destination: `http://127.0.0.1:${adminPort}/admin`, type: 302 },
        // The emulator would read an unescaped `:port` as a capture of the path pattern.
        { source: '/admin/:path*', destination: `http://127.0.0.1\\:${adminPort}/admin/:path*`, type: 302 },
      ]);
      expect(config.emulators.hosting.port).toBe(5000 + offset);
      expect(config.hosting.find((site) => site.target === 'admin')?.redirects).toEqual(
        readFirebaseConfig().hosting.find((site) => site.target === 'admin')?.redirects,
      );
    },
  );
});

/** Each target's Content-Security-Policy in a config. */
function policies(config: FirebaseConfig): Record<string, string | undefined> {
  return Object.fromEntries(
    config.hosting.map((site) => [
      site.target,
      (site.headers ?? [])
        .flatMap((rule) => rule.headers)
        .find((header) => header.key === 'Content-Security-Policy')?.value,
    ]),
  );
}

describe('the emulators’ copy of firebase.json', () => {
  it.each([0, 300])(
    'binds every emulator to 127.0.0.1 at offset %i (firebase.json names no host)',
    (offset) => {
      const emulators = Object.entries(shiftedConfig(offset).emulators).filter(
        (entry): entry is [string, { host?: string; port: number }] =>
          typeof entry[1] === 'object' && entry[1] !== null && 'port' in entry[1],
      );
      expect(emulators.map(([name]) => name).sort()).toEqual(
        ['auth', 'eventarc', 'firestore', 'functions', 'hosting', 'hub', 'logging', 'tasks'].sort(),
      );
      for (const [, entry] of emulators) expect(entry.host).toBe('127.0.0.1');
      for (const entry of Object.values(readFirebaseConfig().emulators)) {
        if (typeof entry === 'object' && entry !== null) expect(entry).not.toHaveProperty('host');
      }
    },
  );

  it.each([0, 300])('adds exactly its own emulators to each policy’s connect-src at offset %i', (offset) => {
    const ports = stackPorts(offset);
    const origins = [
      `http://127.0.0.1:${ports.auth}`,
      `http://127.0.0.1:${ports.firestore}`,
      appCheckStubUrl(offset),
    ];
    const deployed = policies(readFirebaseConfig());
    const emulated = policies(shiftedConfig(offset));
    expect(Object.keys(emulated).sort()).toEqual(['admin', 'site']);
    for (const target of ['site', 'admin']) {
      const policy = deployed[target] ?? '';
      expect(policy).toMatch(/connect-src /);
      expect(policy).not.toMatch(/127\.0\.0\.1|localhost/);
      expect(emulated[target]).toBe(withConnectSources(policy, origins));
      const connect = /connect-src ([^;]*)/.exec(emulated[target] ?? '')?.[1]?.split(' ') ?? [];
      expect(connect.filter((source) => source.startsWith('http://'))).toEqual(origins);
    }
  });

  it('adds sources at the end of connect-src only', () => {
    expect(
      withConnectSources("default-src 'self'; connect-src 'self' https://a.test; img-src 'self'", [
        'http://b:1',
      ]),
    ).toBe("default-src 'self'; connect-src 'self' https://a.test http://b:1; img-src 'self'");
  });
});
