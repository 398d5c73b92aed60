// The documents name real things: every repository path that README.md, docs/*.md or bench/README.md write in
// backticks exists, every `@silk/…` import they name is exported by its package, and every
// `PRODUCT.md#…` anchor a source file cites is an anchor of docs/PRODUCT.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const trackedFiles = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' })
  .trim()
  .split('\n');
const rootEntries = new Set(trackedFiles.map((file) => file.split('/')[0]));
const documents = [
  'README.md',
  'docs/ARCHITECTURE.md',
  'docs/PRODUCT.md',
  'docs/DESIGN.md',
  'docs/decisions.md',
  'bench/README.md',
];

/** A path git ignores is made by a build (`functions/deploy/index.js`): named, not committed. */
function isBuildOutput(file: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', file], { cwd: repoRoot });
    return true;
  } catch {
    return false;
  }
}

function read(file: string): string {
  return readFileSync(path.join(repoRoot, file), 'utf8');
}

/** The backticked words of a Markdown text that look like a path (no spaces, placeholders or globs). */
export function backtickedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map(([, token]) => (token ?? '').replace(/[/:]+$/, ''))
    .filter((token) => /^[\w.@-]+(\/[\w.@-]+)*$/.test(token));
}

/** Which of `tokens` name a repository path (their first segment is a root entry) that does not exist. */
export function missingPaths(tokens: string[], exists: (file: string) => boolean): string[] {
  return tokens.filter((token) => rootEntries.has(token.split('/')[0] ?? '') && !exists(token));
}

interface PackageExports {
  folder: string;
  exports: Record<string, string>;
}

function packageExports(packageName: string): PackageExports | null {
  const manifestFile = trackedFiles
    .filter((file) => file.endsWith('/package.json'))
    .find((file) => (JSON.parse(read(file)) as { name?: string }).name === packageName);
  if (!manifestFile) return null;
  const manifest = JSON.parse(read(manifestFile)) as { exports?: Record<string, string> };
  return { folder: path.dirname(manifestFile), exports: manifest.exports ?? {} };
}

/** Whether `subpath` (`./x/y`) is exported, by name or by a `./*` pattern whose file exists. */
function isExported({ folder, exports }: PackageExports, subpath: string): boolean {
  if (subpath in exports) return true;
  return Object.entries(exports).some(([key, target]) => {
    const [prefix, suffix = ''] = key.split('*');
    if (!key.includes('*') || !subpath.startsWith(prefix ?? '') || !subpath.endsWith(suffix)) return false;
    const matched = subpath.slice((prefix ?? '').length, subpath.length - suffix.length);
    return existsSync(path.join(repoRoot, folder, target.replace('*', matched)));
  });
}

/** `@silk/pkg/sub` specifiers whose package does not export `./sub`. */
export function unexportedImports(tokens: string[]): string[] {
  return tokens
    .filter((token) => token.startsWith('@silk/'))
    .filter((token) => {
      const [scope, name, ...rest] = token.split('/');
      const manifest = packageExports(`${scope}/${name}`);
      if (manifest === null) return true;
      return rest.length > 0 && !isExported(manifest, `./${rest.join('/')}`);
    });
}

/** The anchors of a Markdown document: explicit `<a id="…">` elements. */
export function anchorsOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/<a id="([\w-]+)"><\/a>/g)].map(([, id]) => id ?? ''));
}

describe('the documents name what exists', () => {
  it.each(documents)('%s names only existing paths', (document) => {
    const tokens = backtickedPaths(read(document));
    expect(tokens.length).toBeGreaterThan(10);
    expect(
      missingPaths(tokens, (file) => existsSync(path.join(repoRoot, file)) || isBuildOutput(file)),
    ).toEqual([]);
  });

  it.each(documents)('%s names only exported @silk imports', (document) => {
    expect(unexportedImports(backtickedPaths(read(document)))).toEqual([]);
  });

  it('finds a renamed path, a wrong export and a placeholder is left alone', () => {
    const tokens = backtickedPaths(
      '`apps/site/src/gone.ts`, `@silk/schema/gone`, `@silk/data-access/gone`, `@silk/data-access/staff`, `bench/<name>.ts`, `pnpm dev`',
    );
    expect(tokens).toEqual([
      'apps/site/src/gone.ts',
      '@silk/schema/gone',
      '@silk/data-access/gone',
      '@silk/data-access/staff',
    ]);
    expect(missingPaths(tokens, () => false)).toEqual(['apps/site/src/gone.ts']);
    expect(unexportedImports(tokens)).toEqual(['@silk/schema/gone', '@silk/data-access/gone']);
  });

  it('every PRODUCT.md anchor cited in the code is an anchor of docs/PRODUCT.md', () => {
    const anchors = anchorsOf(read('docs/PRODUCT.md'));
    const cited = trackedFiles
      .filter((file) => /\.(ts|tsx|js|md)$/.test(file))
      .flatMap((file) =>
        [...read(file).matchAll(/PRODUCT\.md#([\w-]+)/g)].map(([, anchor]) => `${file}: ${anchor}`),
      );
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter((entry) => !anchors.has(entry.split(': ')[1] ?? ''))).toEqual([]);
  });
});
