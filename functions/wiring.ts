// What the route declarations (@silk/schema/api-routes) and the background registry
// (src/background-functions.ts) make of the two files that wire functions to the world: src/index.ts (one
// export per function) and firebase.json's Hosting rewrites (one per route, on its site). Both are checked
// in; src/wiring.test.ts fails, naming what differs or is missing, until `pnpm routes:write` (this file
// with --write) has written them again.
import { apiRoutes, type ApiRoute, type HostingTarget } from '@silk/schema/api-routes';
import { FUNCTIONS_REGION } from '@silk/schema/constants';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BACKGROUND_FUNCTIONS } from './src/background-functions';

export const FUNCTIONS_SRC = join(import.meta.dirname, 'src');
export const FUNCTION_INDEX = join(FUNCTIONS_SRC, 'index.ts');
export const FIREBASE_JSON = join(import.meta.dirname, '..', 'firebase.json');

const kebabCase = (id: string) => id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const pascalCase = (id: string) => `${id.charAt(0).toUpperCase()}${id.slice(1)}`;

/** Where a route's handler lives, relative to src/, and the function it exports. */
export function routeHandler(route: Pick<ApiRoute, 'functionId' | 'domain'>): {
  module: string;
  maker: string;
} {
  return {
    module: `${route.domain}/${kebabCase(route.functionId)}`,
    maker: `make${pascalCase(route.functionId)}Handler`,
  };
}

/** src/index.ts: global options first, then each route's function, then the background ones. */
export function functionIndex(
  routes: readonly Pick<ApiRoute, 'functionId' | 'domain'>[] = apiRoutes(),
  background: Readonly<Record<string, string>> = BACKGROUND_FUNCTIONS,
): string {
  const handlers = routes.map((route) => ({ id: route.functionId, ...routeHandler(route) }));
  return [
    '// Written by `pnpm routes:write` from the route declarations (@silk/schema/api-routes) and',
    '// background-functions.ts: edit those, not this file.',
    "import './shared/global-options';",
    "import { routeFunction } from './shared/route-function';",
    ...handlers.map(({ module, maker }) => `import { ${maker} } from './${module}';`),
    '',
    ...handlers.map(({ id, maker }) => `export const ${id} = routeFunction('${id}', ${maker});`),
    ...Object.entries(background).map(([id, module]) => `export { ${id} } from './${module}';`),
    '',
  ].join('\n');
}

const rewriteLine = (route: Pick<ApiRoute, 'path' | 'functionId'>) =>
  `{ "source": "${route.path}", "function": { "functionId": "${route.functionId}", "region": "${FUNCTIONS_REGION}" } }`;

/**
 * firebase.json with each Hosting site's function rewrites made from its routes, in registry order and
 * ahead of the site's other rewrites (the admin's SPA fallback), the rest of the file as it was.
 */
export function withRouteRewrites(
  firebaseJson: string,
  routes: readonly Pick<ApiRoute, 'path' | 'functionId' | 'hosting'>[] = apiRoutes(),
): string {
  let text = firebaseJson;
  for (const target of ['site', 'admin'] as const satisfies readonly HostingTarget[]) {
    const site = text.indexOf(`"target": "${target}"`);
    const open = text.indexOf('"rewrites": [\n', site);
    if (site < 0 || open < 0) throw new Error(`firebase.json: no rewrites for the ${target} site`);
    const keyIndent = text.slice(text.lastIndexOf('\n', open) + 1, open);
    const start = open + '"rewrites": [\n'.length;
    const end = text.indexOf(`\n${keyIndent}]`, start) + 1;
    const lines = text
      .slice(start, end)
      .split('\n')
      .filter((line) => line.trim() !== '');
    const others = lines
      .filter((line) => !line.includes('"function":'))
      .map((line) => line.trim().replace(/,$/, ''));
    const entries = [...routes.filter((route) => route.hosting === target).map(rewriteLine), ...others];
    const listed = entries.map((entry) => `${keyIndent}  ${entry}`).join(',\n');
    text = `${text.slice(0, start)}${listed}\n${text.slice(end)}`;
  }
  return text;
}

/** What a route still lacks on the functions' side: its handler module, or the maker it must export. */
export function missingHandlers(
  routes: readonly Pick<ApiRoute, 'functionId' | 'domain'>[] = apiRoutes(),
): string[] {
  return routes.flatMap((route) => {
    const { module, maker } = routeHandler(route);
    const file = join(FUNCTIONS_SRC, `${module}.ts`);
    if (!existsSync(file)) return [`${route.functionId}: no handler module functions/src/${module}.ts`];
    const exported = new RegExp(
      `export (?:function|const) ${maker}\\b|export \\{[^}]*\\b${maker}\\b[^}]*\\}`,
    );
    return exported.test(readFileSync(file, 'utf8'))
      ? []
      : [`${route.functionId}: functions/src/${module}.ts does not export ${maker}`];
  });
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  process.argv.includes('--write')
) {
  writeFileSync(FUNCTION_INDEX, functionIndex());
  writeFileSync(FIREBASE_JSON, withRouteRewrites(readFileSync(FIREBASE_JSON, 'utf8')));
}
