// The site loads `@silk/data-access/waitlist` lazily: bundling it must pull only Firestore lite (no
// firebase/auth, no full Firestore) into that lazy chunk, and nothing of Firebase into the entry.
import { build, type Metafile } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const workDir = mkdtempSync(join(tmpdir(), 'silk-bundle-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

interface Chunk {
  file: string;
  inputs: string[];
  gzipBytes: number;
  isEntry: boolean;
}

async function bundle(name: string, source: string): Promise<Chunk[]> {
  const entry = join(workDir, `${name}.ts`);
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    metafile: true,
    outdir: join(workDir, `${name}-out`),
    logLevel: 'silent',
  });
  const outputs = (result.metafile as Metafile).outputs;
  return Object.entries(outputs).map(([file, output]) => {
    const contents = result.outputFiles.find((out) => out.path.endsWith(file.split('/').pop()!))!.contents;
    return {
      file,
      inputs: Object.keys(output.inputs).filter((input) => output.inputs[input]!.bytesInOutput > 0),
      gzipBytes: gzipSync(contents).length,
      // Dynamic imports become entry points of their own chunk: only ours is the page's entry.
      isEntry: Boolean(output.entryPoint?.endsWith(`${name}.ts`)),
    };
  });
}

const FIRESTORE_LITE = /@firebase\/firestore\/dist\/lite\//;
const FULL_FIRESTORE = /@firebase\/firestore\/dist\/(?!lite\/)/;
const AUTH = /@firebase\/auth\//;
const APP_CHECK = /@firebase\/app-check\//;
const FULL_ZOD = /zod\/v4\/classic\//;
const matching = (chunks: Chunk[], pattern: RegExp) =>
  chunks.flatMap((chunk) => chunk.inputs).filter((input) => pattern.test(input));

describe('bundle of the visitor-write module', () => {
  it('keeps Firebase out of the entry and puts only Firestore lite in the lazy chunk', async () => {
    const chunks = await bundle(
      'site-entry',
      `export const submit = async (email: string) => {
         const { joinWaitlist } = await import(${JSON.stringify(join(SRC, 'waitlist.ts'))});
         return joinWaitlist;
       };`,
    );
    const entry = chunks.filter((chunk) => chunk.isEntry);
    const lazy = chunks.filter((chunk) => !chunk.isEntry);
    expect(entry.flatMap((chunk) => chunk.inputs).filter((input) => /firebase|zod/.test(input))).toEqual([]);
    expect(matching(lazy, FIRESTORE_LITE).length).toBeGreaterThan(0);
    expect(matching(lazy, APP_CHECK).length).toBeGreaterThan(0); // App Check only ever in the lazy chunk
    expect(matching(chunks, FULL_FIRESTORE)).toEqual([]);
    expect(matching(chunks, AUTH)).toEqual([]);
    expect(matching(chunks, FULL_ZOD)).toEqual([]);
    // DESIGN §8 measured Firestore lite's setDoc at 29 KB gzip; leave room for our own code.
    const lazyBytes = lazy.reduce((total, chunk) => total + chunk.gzipBytes, 0);
    expect(lazyBytes).toBeLessThan(40 * 1024);
  });

  it('detects Auth, full Firestore and App Check when they are there (the admin module, as a control)', async () => {
    const chunks = await bundle(
      'admin-entry',
      `export { getAdminServices } from ${JSON.stringify(join(SRC, 'admin-firebase.ts'))};`,
    );
    expect(matching(chunks, AUTH).length).toBeGreaterThan(0);
    expect(matching(chunks, FULL_FIRESTORE).length).toBeGreaterThan(0);
    expect(matching(chunks, APP_CHECK).length).toBeGreaterThan(0); // the panel's requests carry tokens too
  });

  it('keeps the page-load modules small: config (zod/mini) and visitor lookup carry no Firebase', async () => {
    const chunks = await bundle(
      'page-load',
      `export { parseClientEnv } from ${JSON.stringify(join(SRC, 'config.ts'))};
       export { startVisitorLookup } from ${JSON.stringify(join(SRC, 'visitor-lookup.ts'))};`,
    );
    expect(chunks.flatMap((chunk) => chunk.inputs).filter((input) => /firebase/.test(input))).toEqual([]);
    expect(matching(chunks, FULL_ZOD)).toEqual([]);
    expect(chunks.reduce((total, chunk) => total + chunk.gzipBytes, 0)).toBeLessThan(10 * 1024);
  });
});
