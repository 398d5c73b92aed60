// The site's /admin redirect: firebase.json sends it to the production admin host (ADMIN_ORIGIN), and
// the emulators' config of every offset to that stack's admin target.
import { ADMIN_ORIGIN } from '@silk/schema/constants';
import { describe, expect, it } from 'vitest';
import { adminRedirects, readFirebaseConfig, shiftedConfig, stackPorts } from './stack';

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

  it.each([0, 300])('redirects to the Hosting emulator’s admin target in the config of offset %i', (offset) => {
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
  });
});
