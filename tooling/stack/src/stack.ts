// Ports and configuration of the local Firebase stack. One firebase.json is the source (what deploys: its
// emulators block has ports but no hosts, and nothing in it names a loopback origin); the emulators run
// on a copy written for the stack (shiftedConfig), which binds them to 127.0.0.1, may shift every port by
// SILK_PORT_OFFSET so that several stacks can run side by side, and lets the pages reach that stack.
import { ADMIN_BASE_PATH } from '@silk/schema/constants';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PROJECT_ID = 'demo-silk';
/** The repository's root folder (this file is tooling/stack/src/stack.ts). */
export const ROOT = join(import.meta.dirname, '..', '..', '..');

type EmulatorName = 'auth' | 'firestore' | 'functions' | 'hosting' | 'hub' | 'logging';
export interface HostingRedirect {
  source: string;
  destination: string;
  type: 301 | 302;
}
interface HostingHeaders {
  source: string;
  headers: { key: string; value: string }[];
}
interface HostingSite {
  target: string;
  redirects?: HostingRedirect[];
  headers?: HostingHeaders[];
  [key: string]: unknown;
}
interface EmulatorEntry {
  host?: string;
  port: number;
}
export interface FirebaseConfig {
  emulators: Record<EmulatorName, EmulatorEntry> & Record<string, unknown>;
  hosting: HostingSite[];
  [key: string]: unknown;
}

export function readFirebaseConfig(): FirebaseConfig {
  return JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as FirebaseConfig;
}

export interface StackPorts {
  auth: number;
  firestore: number;
  functions: number;
  hosting: number;
  hub: number;
  logging: number;
}

export function stackPorts(offset = Number(process.env.SILK_PORT_OFFSET ?? 0)): StackPorts {
  const { emulators } = readFirebaseConfig();
  const shift = (name: EmulatorName) => emulators[name].port + offset;
  return {
    auth: shift('auth'),
    firestore: shift('firestore'),
    functions: shift('functions'),
    hosting: shift('hosting'),
    hub: shift('hub'),
    logging: shift('logging'),
  };
}

/**
 * The site's redirects of its /admin and /admin/… to the same path on the admin host (firebase.json
 * lists them for ADMIN_ORIGIN; stack.test.ts checks it). 302: a later move of the panel is never stuck
 * in a browser's cache.
 */
export function adminRedirects(adminOrigin: string): HostingRedirect[] {
  return [
    { source: ADMIN_BASE_PATH, destination: `${adminOrigin}${ADMIN_BASE_PATH}`, type: 302 },
    {
      source: `${ADMIN_BASE_PATH}/:path*`,
      destination: `${adminOrigin}${ADMIN_BASE_PATH}/:path*`,
      type: 302,
    },
  ];
}

/**
 * The admin target's origin on the Hosting emulator: firebase-tools serves the first target on the
 * hosting port and the second on that port + 5 (the next free one, were it taken; discoverStack reads
 * the real one from the hub).
 */
export function emulatorAdminOrigin(ports: StackPorts): string {
  return `http://${EMULATOR_HOST}:${ports.hosting + 5}`;
}

/**
 * The Hosting emulator (superstatic) compiles a redirect destination that has captures as a path
 * pattern, where `:5305` would read as a capture too: the port's colon is escaped.
 */
function forEmulator(redirect: HostingRedirect): HostingRedirect {
  if (!redirect.destination.includes('/:')) return redirect;
  return { ...redirect, destination: redirect.destination.replace(/^(https?:\/\/[^/:]+):(\d+)/, '$1\\:$2') };
}

/** The address every emulator of a stack listens on (firebase-tools' default, localhost, may be ::1). */
export const EMULATOR_HOST = '127.0.0.1';

/**
 * What the pages served by a stack's Hosting emulator connect to besides their own origin: the Auth and
 * Firestore emulators and the App Check stand-in (functions are reached through Hosting's /api rewrites).
 */
export function emulatorConnectOrigins(offset: number): string[] {
  const ports = stackPorts(offset);
  return [
    `http://${EMULATOR_HOST}:${ports.auth}`,
    `http://${EMULATOR_HOST}:${ports.firestore}`,
    appCheckStubUrl(offset),
  ];
}

/** `policy` with `sources` added to its connect-src (a policy without one is returned as it is). */
export function withConnectSources(policy: string, sources: readonly string[]): string {
  return policy
    .split('; ')
    .map((directive) =>
      directive.startsWith('connect-src ') ? [directive, ...sources].join(' ') : directive,
    )
    .join('; ');
}

/**
 * firebase.json for the emulators at `offset`: every emulator on 127.0.0.1 with its port shifted, the
 * site's /admin sent to the emulator's admin, and each target's Content-Security-Policy letting the
 * pages reach this stack's emulators (the deployed policy names no loopback origin).
 */
export function shiftedConfig(offset: number): FirebaseConfig {
  const config = readFirebaseConfig();
  const ports = stackPorts(offset);
  for (const name of Object.keys(ports) as EmulatorName[]) {
    config.emulators[name] = { ...config.emulators[name], host: EMULATOR_HOST, port: ports[name] };
  }
  // The Functions emulator also starts Eventarc and Cloud Tasks emulators; shift their ports too (their
  // defaults, 9299 and 9499, are the auth ports of offsets 200 and 400).
  for (const name of ['eventarc', 'tasks']) {
    const entry = config.emulators[name] as EmulatorEntry | undefined;
    if (entry) config.emulators[name] = { ...entry, host: EMULATOR_HOST, port: entry.port + offset };
  }
  // The Firestore emulator also listens on a websocket port (default 9150): shift it too, or a second
  // stack's Firestore emulator fails to start.
  config.emulators.firestore = { ...config.emulators.firestore, websocketPort: 9150 + offset } as never;
  const adminOrigin = emulatorAdminOrigin(ports);
  const connect = emulatorConnectOrigins(offset);
  for (const site of config.hosting) {
    if (site.target === 'site') site.redirects = adminRedirects(adminOrigin).map(forEmulator);
    for (const rule of site.headers ?? []) {
      for (const header of rule.headers) {
        if (header.key === 'Content-Security-Policy')
          header.value = withConnectSources(header.value, connect);
      }
    }
  }
  return config;
}

/**
 * Writes the emulators' firebase.json copy for `offset` (gitignored, at every offset) and returns its
 * path: every `firebase emulators:…` of the stack runs with `--config` and this file.
 */
export function writeShiftedConfig(offset: number): string {
  const path = join(ROOT, `.firebase.test-${offset}.json`);
  writeFileSync(path, JSON.stringify(shiftedConfig(offset), null, 2));
  return path;
}

/** The App Check stand-in issuer (app-check-stub.ts), a loopback service of the stack like the emulators. */
export const APP_CHECK_STUB_BASE_PORT = 5998;

export function appCheckStubUrl(offset = Number(process.env.SILK_PORT_OFFSET ?? 0)): string {
  return `http://127.0.0.1:${APP_CHECK_STUB_BASE_PORT + offset}`;
}

/** Vite env that points a build of the apps at this stack's emulators (and its App Check stand-in). */
export function emulatorBuildEnv(
  ports: StackPorts,
  appCheckStub = appCheckStubUrl(),
): Record<string, string> {
  return {
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
    VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
    VITE_USE_EMULATORS: 'true',
    VITE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    VITE_FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    VITE_API_BASE: '/api',
    VITE_APP_CHECK_STUB_URL: appCheckStub,
  };
}

export interface RunningStack {
  siteUrl: string;
  adminUrl: string;
  functionsUrl: string;
  authHost: string;
  firestoreHost: string;
}

interface HubEmulatorInfo {
  host: string;
  port: number;
  reservedPorts?: number[];
}

/**
 * Reads the running emulators' addresses from the hub (set by `firebase emulators:exec`). The Hosting
 * emulator serves the first target (site) on its port and the second (admin) on its reserved port.
 */
export async function discoverStack(): Promise<RunningStack> {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (!hub) throw new Error('FIREBASE_EMULATOR_HUB is not set: run this inside `firebase emulators:exec`.');
  const response = await fetch(`http://${hub}/emulators`);
  const emulators = (await response.json()) as Record<string, HubEmulatorInfo | undefined>;
  const hosting = emulators.hosting;
  const adminPort = hosting?.reservedPorts?.[0];
  const functions = emulators.functions;
  const origin = (info: HubEmulatorInfo, port = info.port) => `http://${info.host}:${port}`;
  return {
    siteUrl: hosting ? origin(hosting) : '',
    adminUrl: hosting && adminPort ? origin(hosting, adminPort) : '',
    functionsUrl: functions ? `${origin(functions)}/${PROJECT_ID}/us-central1` : '',
    authHost: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '',
    firestoreHost: process.env.FIRESTORE_EMULATOR_HOST ?? '',
  };
}

/** The pauses under way in this process, and the hub call that last switched the triggers. */
let pausesUnderWay = 0;
let lastSwitch: Promise<void> = Promise.resolve();

/** Switches the Functions emulator's background triggers, after any switch already asked for. */
function switchBackgroundTriggers(action: 'disable' | 'enable'): Promise<void> {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (!hub) throw new Error('FIREBASE_EMULATOR_HUB is not set: run this inside `firebase emulators:exec`.');
  lastSwitch = lastSwitch
    .catch(() => undefined)
    .then(async () => {
      const response = await fetch(`http://${hub}/functions/${action}BackgroundTriggers`, { method: 'PUT' });
      if (!response.ok)
        throw new Error(`The emulator hub refused to ${action} background triggers (${response.status}).`);
    });
  return lastSwitch;
}

/**
 * Runs `write` with the Functions emulator's Firestore triggers paused (the hub's
 * disableBackgroundTriggers), for bulk set-up: 10,000 signups would otherwise queue 10,000 trigger runs
 * ahead of every later test's own. Triggers are back on afterwards, whatever `write` did.
 * Pauses that overlap share one: the first disables, the last to finish enables. Otherwise the first to
 * finish would switch the triggers back on under another's writes, and each enable without a disable
 * before it moves the emulator's trigger generation on without new trigger records, which the schedule
 * clock reads from their count (`schedule-clock.ts`).
 */
export async function withoutBackgroundTriggers<T>(write: () => Promise<T>): Promise<T> {
  pausesUnderWay += 1;
  try {
    await (pausesUnderWay === 1 ? switchBackgroundTriggers('disable') : lastSwitch);
    return await write();
  } finally {
    pausesUnderWay -= 1;
    if (pausesUnderWay === 0) await switchBackgroundTriggers('enable');
  }
}
