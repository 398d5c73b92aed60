// The dev server's `optimizeDeps.include`, derived from an app's own imports. Vite pre-bundles the packages
// it finds when it starts by crawling the HTML pages' scripts; a package it meets only later (behind an
// `import()` that runs at the visitor's first interaction, or in a page whose HTML is generated) makes it
// bundle again and reload the page mid-action. So every package the pages reach, at once or lazily, is
// declared up front: the app's modules (and the workspace packages' sources they import) are walked
// from the pages' entries, following static and dynamic imports, and each npm package imported is listed.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

export interface ImportedPackages {
  /** Every package specifier imported at load or lazily, as `optimizeDeps.include` takes it. */
  all: string[];
  /** Those some page imports only behind a dynamic `import()` (what its first interaction would discover). */
  lazy: string[];
}

/** The workspace package whose sources hold `file` (by its nearest package.json), or null for the app's own. */
function packageOf(file: string, appRoot: string): { name: string; dir: string } | null {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    if (resolve(dir) === resolve(appRoot)) return null;
    try {
      const { name } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (name) return { name, dir };
    } catch {
      // no package.json here
    }
  }
  return null;
}

interface Imported {
  specifier: string;
  dynamic: boolean;
}

/** The value imports of a module: `import type` and `export type` are left out (they vanish in the build). */
function importsOf(file: string): Imported[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Imported[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      // `import { type A } from 'x'` stays a (side-effect) import under verbatimModuleSyntax.
      const typeOnly = node.importClause?.isTypeOnly === true;
      if (!typeOnly) found.push({ specifier: node.moduleSpecifier.text, dynamic: false });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) found.push({ specifier: node.moduleSpecifier.text, dynamic: false });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const isBare = (specifier: string) =>
  !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('@/');
const isSource = (file: string) =>
  /\.[cm]?[jt]sx?$/.test(file) && !/\.d\.[cm]?ts$/.test(file) && !/[\\/]node_modules[\\/]/.test(file);

/**
 * The npm packages the modules reachable from `entries` import (paths relative to `appRoot`, or from
 * its root as the HTML writes them), resolved as the app's tsconfig.json says (`@/…`, workspace exports).
 * A package that a workspace package imports and the app does not resolve to the same module is written
 * `<workspace package> > <specifier>`, which Vite resolves from that package. Node built-ins are left out.
 */
export function importedPackages(appRoot: string, entries: readonly string[]): ImportedPackages {
  const configFile = join(appRoot, 'tsconfig.json');
  const { config } = ts.readConfigFile(configFile, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, appRoot, undefined, configFile);
  const host = ts.createCompilerHost(options);
  const appModule = join(appRoot, 'index.ts');
  const resolveFromApp = (specifier: string) =>
    ts.resolveModuleName(specifier, appModule, options, host).resolvedModule?.resolvedFileName;
  const importsCache = new Map<string, Imported[]>();
  const cachedImports = (file: string) => {
    const known = importsCache.get(file) ?? importsOf(file);
    importsCache.set(file, known);
    return known;
  };
  const all = new Set<string>();
  const lazy = new Set<string>();
  // Each page on its own: a package its first load does not reach is discovered at an interaction.
  for (const entry of entries) {
    /** Each module visited, and whether the page loads it at once (true) or only lazily (false). */
    const visited = new Map<string, boolean>();
    const packages = new Map<string, boolean>();
    const queue: Array<[file: string, atOnce: boolean]> = [
      [resolve(appRoot, entry.replace(/^\//, '')), true],
    ];
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [file, atOnce] = next;
      const seen = visited.get(file);
      if (seen === true || (seen === false && !atOnce)) continue;
      visited.set(file, atOnce);
      const owner = packageOf(file, appRoot);
      for (const { specifier, dynamic } of cachedImports(file)) {
        const loadedAtOnce = atOnce && !dynamic;
        const [bare = specifier] = specifier.split('?');
        const resolved = ts.resolveModuleName(bare, file, options, host).resolvedModule?.resolvedFileName;
        if (resolved && isSource(resolved)) {
          queue.push([resolved, loadedAtOnce]);
        } else if (isBare(bare) && !bare.startsWith('node:')) {
          // The app's own name for the same module where it resolves it alike: one pre-bundled copy.
          const declared =
            !owner || (resolved && resolveFromApp(bare) === resolved) ? bare : `${owner.name} > ${bare}`;
          packages.set(declared, (packages.get(declared) ?? false) || loadedAtOnce);
        }
      }
    }
    for (const [name, atOnce] of packages) {
      all.add(name);
      if (!atOnce) lazy.add(name);
    }
  }
  return { all: [...all].sort(), lazy: [...lazy].sort() };
}

/** The module scripts (`<script type="module" src="…">`) of an HTML page, as written. */
export function moduleScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].flatMap(
    (match) => match[1] ?? [],
  );
}
