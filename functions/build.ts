// Builds the deployable functions package in functions/deploy (DESIGN §6a): workspace code (@silk/*) is
// bundled in, npm dependencies stay external and are listed in a package.json without `workspace:`.
// The runtime configuration files in functions/env/ (.env.<project>, and .secret.local for the
// emulator only — firebase.json never deploys *.local) are copied next to the bundle, where the
// Functions runtime and emulator read them.
// Emulators of other test stacks may be serving functions/deploy while this runs: the bundle is built
// in memory and every file replaced atomically (write + rename), never a half-empty folder.
import { build, context, type BuildOptions, type Plugin } from 'esbuild';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;
const outDir = join(here, 'deploy');
const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const catalog = readFileSync(join(here, '..', 'pnpm-workspace.yaml'), 'utf8');

/** Resolves a `catalog:` version from pnpm-workspace.yaml. */
function catalogVersion(name: string): string {
  const line = catalog.split('\n').find((entry) => entry.trim().replaceAll('"', '').startsWith(`${name}:`));
  const version = line?.split(':').slice(1).join(':').trim();
  if (!version) throw new Error(`No catalog version for ${name}`);
  return version;
}

/**
 * npm packages bundled in all the same. zod: its package entry loads every locale of its error messages
 * (64 modules, `export * as locales`); bundled, esbuild keeps what the schemas use (the English
 * messages, configured by zod's own entry): ~150 ms less CPU at every cold start.
 * This needs `import * as z from 'zod'`: esbuild does not shake the `z` namespace of `import { z }`.
 * It stays in the deployed package.json's dependencies (installed, not loaded).
 */
const BUNDLED = new Set(['zod']);

const npmDependencies = Object.fromEntries(
  Object.entries(manifest.dependencies)
    .filter(([, version]) => !version.startsWith('workspace:'))
    .map(([name, version]) => [name, version === 'catalog:' ? catalogVersion(name) : version]),
);

mkdirSync(outDir, { recursive: true });

// Local runs only (firebase.json never deploys node_modules): the Functions emulator looks for the
// firebase-functions binary in <source>/node_modules/.bin, which pnpm puts in functions/node_modules.
const localModules = join(outDir, 'node_modules');
if (!lstatSync(localModules, { throwIfNoEntry: false }))
  symlinkSync(join('..', 'node_modules'), localModules, 'dir');

function writeAtomically(path: string, contents: string | Uint8Array): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

function copyRuntimeConfig(): void {
  const envDir = join(here, 'env');
  if (!existsSync(envDir)) return;
  for (const name of readdirSync(envDir)) {
    if (name.startsWith('.env') || name === '.secret.local') {
      writeAtomically(join(outDir, name), readFileSync(join(envDir, name)));
    }
  }
}

/** Writes the in-memory build output after each successful (re)build. */
const writeOutput: Plugin = {
  name: 'write-atomically',
  setup(pluginBuild) {
    pluginBuild.onEnd((result) => {
      if (result.errors.length > 0) return;
      for (const file of result.outputFiles ?? []) writeAtomically(file.path, file.contents);
      copyRuntimeConfig();
    });
  },
};

const options: BuildOptions = {
  entryPoints: [join(here, 'src', 'index.ts')],
  outfile: join(outDir, 'index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(npmDependencies).filter((name) => !BUNDLED.has(name)),
  logLevel: 'warning',
  write: false,
  plugins: [writeOutput],
};

writeAtomically(
  join(outDir, 'package.json'),
  `${JSON.stringify(
    {
      name: 'silk-functions',
      private: true,
      type: 'module',
      main: 'index.js',
      engines: { node: '22' },
      dependencies: npmDependencies,
    },
    null,
    2,
  )}\n`,
);
if (process.argv.includes('--watch')) {
  // `pnpm dev`: rebuild on change; the Functions emulator reloads the new output.
  const watcher = await context({ ...options, logLevel: 'info' });
  await watcher.watch();
  console.log(`functions: watching, output in ${outDir}`);
} else {
  await build(options);
  console.log(`functions: wrote ${outDir}`);
}
