import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { allAssetsGzipKb, firstScreenGzipKb } from './build-weight';

const dist = mkdtempSync(join(tmpdir(), 'build-weight-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** Files of distinct sizes, so each sum says which files were counted. */
const FILES: Record<string, string> = {
  'assets/index.js': 'entry '.repeat(10),
  'assets/index.css': 'body{} '.repeat(20),
  'assets/vendor.js': 'vendor '.repeat(40),
  'assets/table.js': 'table '.repeat(80),
  'assets/table.css': '.t{} '.repeat(160),
  'assets/shared.js': 'shared '.repeat(320),
  'assets/team.js': 'team '.repeat(640),
};
mkdirSync(join(dist, 'assets'));
mkdirSync(join(dist, '.vite'));
for (const [file, text] of Object.entries(FILES)) writeFileSync(join(dist, file), text);
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index.css'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'] },
    'src/table.tsx': { file: 'assets/table.js', imports: ['_shared.js', '_vendor.js'], css: ['assets/table.css'] },
    'src/team.tsx': { file: 'assets/team.js', imports: ['_shared.js'] },
  }),
);
const kb = (...files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(Buffer.from(FILES[file] ?? ''), { level: 9 }).length, 0) / 1024;

describe('build weight', () => {
  it('counts the entry, its imports and CSS, and the first screen with its own, each file once', () => {
    expect(firstScreenGzipKb(dist, 'src/table.tsx')).toBeCloseTo(
      kb('assets/index.js', 'assets/index.css', 'assets/vendor.js', 'assets/table.js', 'assets/table.css', 'assets/shared.js'),
      6,
    );
    expect(firstScreenGzipKb(dist, 'src/team.tsx')).toBeCloseTo(
      kb('assets/index.js', 'assets/index.css', 'assets/vendor.js', 'assets/team.js', 'assets/shared.js'),
      6,
    );
  });

  it('counts every JS and CSS file for the whole build', () => {
    expect(allAssetsGzipKb(dist)).toBeCloseTo(kb(...Object.keys(FILES)), 6);
  });

  it('refuses a first screen the build does not have, and a build without a manifest', () => {
    expect(() => firstScreenGzipKb(dist, 'src/missing.tsx')).toThrow('is not a chunk');
    const bare = mkdtempSync(join(tmpdir(), 'build-weight-bare-'));
    try {
      expect(() => firstScreenGzipKb(bare, 'src/table.tsx')).toThrow('vite build --manifest');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
