// What a built app weighs, gzip: every JS and CSS file, or only what its first screen needs — the entry's
// chunk with the chunks and CSS it imports, and one lazily loaded module's (the screen it opens on) — read
// from Vite's build manifest (`vite build --manifest`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const MANIFEST = join('.vite', 'manifest.json');

function gzipKb(files: Iterable<string>): number {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(file), { level: 9 }).length;
  return bytes / 1024;
}

/** Every file below `dir` (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every JS and CSS file of the build in `dist`, gzip (KB). */
export function allAssetsGzipKb(dist: string): number {
  const files = filesUnder(dist).filter((file) => /\.(js|css)$/.test(file));
  if (files.length === 0) throw new Error(`No build in ${dist}`);
  return gzipKb(files);
}

/**
 * The entry's JS and CSS with everything it imports statically, plus the module `firstScreen` (its source
 * path, as the manifest keys it) with its own imports: what a browser loads before that screen shows.
 */
export function firstScreenGzipKb(dist: string, firstScreen: string): number {
  const manifestPath = join(dist, MANIFEST);
  if (!existsSync(manifestPath)) throw new Error(`No ${MANIFEST} in ${dist}: build with \`vite build --manifest\``);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const [entry] = entries;
  if (entries.length !== 1 || !entry) {
    throw new Error(`Expected one entry in ${manifestPath}, found ${entries.length}`);
  }
  if (!manifest[firstScreen]) throw new Error(`${firstScreen} is not a chunk of ${manifestPath}`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(firstScreen);
  return gzipKb([...files].map((file) => join(dist, file)));
}
