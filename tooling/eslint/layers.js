// Import layering, checked with import-x's no-restricted-paths on resolved file paths (so `@/…`,
// relative and package imports are judged alike):
//   app → features → shared (components, lib, config, content, hooks, islands, …)
//   packages/* never import apps; packages/schema imports neither Firebase nor React.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const sourceFiles = ['**/*.{ts,tsx,js,mjs}'];

// The top layer: the app shell and the entry modules that start the app. Nothing below imports it.
const topFolders = ['app', 'entries'];

/** Resolve imports as TypeScript does for the project in `dir` (its tsconfig `paths` included). */
function resolution(dir) {
  return {
    files: sourceFiles,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(dir, 'tsconfig.json') }),
      ],
    },
  };
}

function restrictedPaths(basePath, zones) {
  return { files: sourceFiles, rules: { 'import-x/no-restricted-paths': ['error', { basePath, zones }] } };
}

function entriesOf(dir) {
  return existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [];
}

function isModule(name) {
  return /\.(ts|tsx|js)$/.test(name) && !name.endsWith('.d.ts');
}

/** Layer zones for the app in `appDir`; folders are read from its `src` when the config loads. */
export function appLayers(appDir) {
  const src = path.join(appDir, 'src');
  const entries = entriesOf(src);
  const top = [
    ...topFolders.map((name) => `src/${name}`),
    ...entries.filter((entry) => entry.isFile() && isModule(entry.name)).map((entry) => `src/${entry.name}`),
  ];
  const shared = entries
    .filter((entry) => entry.isDirectory() && entry.name !== 'features' && !topFolders.includes(entry.name))
    .map((entry) => `src/${entry.name}`);
  const features = entriesOf(path.join(src, 'features'))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  const zones = [
    ...features.map((feature) => ({
      target: `src/features/${feature}`,
      from: 'src/features',
      except: [`./${feature}`],
      message: 'A feature never imports another feature: compose them in app/, or move shared code down.',
    })),
    {
      target: 'src/features',
      from: top,
      message: 'Features never import the app shell or entry modules.',
    },
  ];
  if (shared.length > 0) {
    zones.push({
      target: shared,
      from: ['src/features', ...top],
      message: 'Shared folders never import features or the app shell.',
    });
  }
  return [resolution(appDir), restrictedPaths(appDir, zones), sourceAliasOnly, sealedSources];
}

/** One import style in the apps: another folder of the app's src is reached as `@/…`, never `../`. */
const sourceAliasOnly = {
  files: ['src/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['../*'], message: 'Import another folder of the app as @/… (one import style).' },
        ],
      },
    ],
  },
};

/**
 * Shipped code never reaches the test harness: a non-test file under `src/` imports neither the test
 * stack (`@silk/stack`) nor a `test-support/` folder (each workspace keeps its harness beside `src/`,
 * outside what it ships and exports).
 */
export const sealedSources = {
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['src/**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].map(
        (node) => ({
          // esquery's regex literal cannot hold a slash, even escaped: \x2F stands for it.
          selector: `${node}[source.value=/^@silk\\x2Fstack(\\x2F|$)|(^|\\x2F)test-support(\\x2F|$)/]`,
          message: 'Shipped code never imports the test harness (@silk/stack, test-support/): only tests do.',
        }),
      ),
    ],
  },
};

/** Zones for the workspace package in `packageDir`: it never imports an app. */
export function packageLayers(packageDir) {
  return [
    resolution(packageDir),
    restrictedPaths(packageDir, [
      { target: '.', from: path.join(repoRoot, 'apps'), message: 'Packages never import apps.' },
    ]),
    sealedSources,
  ];
}

// The folders that drive the product from outside (tests in a browser, benchmarks, operator scripts).
const driverFolders = ['e2e', 'bench', 'scripts'];

/**
 * Zones for one of the driver folders (`e2e`, `bench`, `scripts`): each uses the workspaces by package
 * name only, and never imports another driver folder (shared helpers belong in tooling/stack).
 */
export function driverLayers(dir) {
  const own = path.basename(dir);
  const others = driverFolders.filter((name) => name !== own).map((name) => path.join(repoRoot, name));
  return [
    resolution(dir),
    restrictedPaths(dir, [
      {
        target: '.',
        from: others,
        message: 'e2e, bench and scripts never import one another: share code through a package.',
      },
    ]),
    { files: sourceFiles, rules: { 'import-x/no-relative-packages': 'error' } },
  ];
}

/** For packages shared by browser and server code alike: no Firebase SDK and no React. */
export const platformFree = {
  files: sourceFiles,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['firebase', 'firebase/*', 'firebase-admin', 'firebase-admin/*', '@firebase/*'],
            message: 'This package stays free of Firebase.',
          },
          {
            group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
            message: 'This package stays free of React.',
          },
        ],
      },
    ],
  },
};

/**
 * The domain folders of functions/src, each allowed to import only those listed after it:
 *   shared (admin init, config, audit, secrets) ← http (the frame) ← staff, ranking ← referrals
 *   ← outbox (the mail queue and its delivery) ← subscribers (the mailing list and a subscriber's links:
 *   subscribe, confirm, unsubscribe, re-subscribe, erase) ← signups
 * (signups use the mailing list and erasure of subscribers/ and keep ranking/'s index in step; a
 * confirmation credits referrals; the outbox knows no subscriber, only mail documents). index.ts wires
 * them all; the tests' harness lives beside src/, in test-support/.
 */
export const FUNCTION_DOMAINS = {
  shared: [],
  http: ['shared'],
  staff: ['http', 'shared'],
  events: ['shared'],
  suppression: ['http', 'shared'],
  ranking: ['http', 'shared'],
  referrals: ['ranking', 'events', 'http', 'shared'],
  outbox: ['suppression', 'shared'],
  subscribers: ['outbox', 'referrals', 'suppression', 'events', 'http', 'shared'],
  signups: ['subscribers', 'outbox', 'referrals', 'ranking', 'suppression', 'events', 'http', 'shared'],
  status: ['subscribers', 'outbox', 'referrals', 'ranking', 'http', 'shared'],
  invites: ['subscribers', 'outbox', 'referrals', 'ranking', 'suppression', 'events', 'http', 'shared'],
  webhooks: ['events', 'http', 'shared'],
  imports: [
    'signups',
    'subscribers',
    'outbox',
    'referrals',
    'ranking',
    'suppression',
    'events',
    'http',
    'shared',
  ],
  apikeys: ['webhooks', 'signups', 'subscribers', 'referrals', 'ranking', 'http', 'shared'],
  broadcasts: ['subscribers', 'outbox', 'suppression', 'http', 'shared'],
};

/** Zones for the Cloud Functions workspace in `functionsDir`: no app, no other workspace's files, domains in order. */
export function functionsLayers(functionsDir) {
  const domains = Object.keys(FUNCTION_DOMAINS);
  const zones = [
    { target: 'src', from: path.join(repoRoot, 'apps'), message: 'Functions never import apps.' },
    ...domains.map((domain) => ({
      target: `src/${domain}`,
      from: [
        'src/index.ts',
        ...domains
          .filter((other) => other !== domain && !FUNCTION_DOMAINS[domain].includes(other))
          .map((other) => `src/${other}`),
      ],
      message: `functions/src/${domain} imports only ${FUNCTION_DOMAINS[domain].join(', ') || 'nothing of ours'}: no cycle between domain folders.`,
    })),
  ];
  return [
    resolution(functionsDir),
    restrictedPaths(functionsDir, zones),
    sealedSources,
    {
      files: sourceFiles,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '^(\\.\\./)+(apps|packages|tooling|bench|e2e|scripts|rules-tests)/',
                message: 'Functions import other workspaces by package name (their exports), never by path.',
              },
            ],
          },
        ],
      },
    },
  ];
}
