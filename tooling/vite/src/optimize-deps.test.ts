import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigFromFile } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { importedPackages, moduleScripts } from './optimize-deps';

const REPO = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'silk-optimize-deps-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('importedPackages', () => {
  it('lists the packages reached at once and lazily, page by page, without type-only imports', () => {
    const root = fixture({
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          module: 'ESNext',
          moduleResolution: 'Bundler',
          jsx: 'react-jsx',
          baseUrl: '.',
          paths: { '@/*': ['./src/*'] },
        },
      }),
      'src/one.ts': [
        "import { a } from 'at-once';",
        "import type { T } from 'types-only';",
        "import '@/styles.css';",
        "export const load = () => import('@/lazy');",
        'export const value: T | undefined = a;',
      ].join('\n'),
      'src/lazy.tsx': [
        "import { b } from 'later/sub';",
        "export { c } from './re-export';",
        'export const Lazy = () => <p>{b}</p>;',
      ].join('\n'),
      'src/re-export.ts': "export const c = import('dynamic-bare');",
      'src/two.ts': "import { b } from 'later/sub';\nexport const d = b;",
    });
    expect(importedPackages(root, ['/src/one.ts'])).toEqual({
      all: ['at-once', 'dynamic-bare', 'later/sub'],
      lazy: ['dynamic-bare', 'later/sub'],
    });
    // Loaded at once by the second page, lazily by the first: still declared as lazy.
    expect(importedPackages(root, ['/src/one.ts', '/src/two.ts']).lazy).toEqual([
      'dynamic-bare',
      'later/sub',
    ]);
  });

  it('reads the module scripts of an HTML page', () => {
    expect(moduleScripts('<script>x</script><script type="module" src="/src/main.tsx"></script>')).toEqual([
      '/src/main.tsx',
    ]);
  });
});

describe("the admin panel's dev server", () => {
  it('declares every package the panel imports lazily (its tabs)', async () => {
    const root = join(REPO, 'apps', 'admin');
    const loaded = await loadConfigFromFile(
      { command: 'serve', mode: 'development' },
      join(root, 'vite.config.ts'),
      root,
      'silent',
      undefined,
      'runner',
    );
    const { lazy } = importedPackages(root, moduleScripts(readFileSync(join(root, 'index.html'), 'utf8')));
    expect(lazy).toContain('@tanstack/react-virtual');
    expect(loaded?.config.optimizeDeps?.include).toEqual(expect.arrayContaining(lazy));
  });
});
