// The embeddable widget's script: src/entries/embed.ts built on its own, after the site's client build,
// as one self-contained IIFE at dist/embed.js (EMBED_SCRIPT_PATH; a stable name, no hash: other sites'
// pages name it) — no chunks, no module loader, nothing shared with the site's bundles.
import { EMBED_SCRIPT_PATH } from '@silk/schema/embed';
import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';

/** Builds the widget into `outDir`/embed.js (minified). */
export async function buildEmbedScript(root: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias: { '@': resolve(root, 'src') } },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      target: 'es2020',
      lib: {
        entry: resolve(root, 'src/entries/embed.ts'),
        formats: ['iife'],
        name: 'SilkEmbed',
        fileName: () => EMBED_SCRIPT_PATH.slice(1),
      },
    },
  });
}

/** Runs buildEmbedScript once the site's client build has written its files (not in the SSR build). */
export function embedScriptPlugin(root: string): Plugin {
  let outDir = resolve(root, 'dist');
  let ssr = false;
  return {
    name: 'silk-embed-script',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (!ssr) await buildEmbedScript(root, outDir);
    },
  };
}
