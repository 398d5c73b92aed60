// Ports and configuration of the local Firebase stack. One firebase.json is the source; test runs may
// shift every port by SILK_PORT_OFFSET so that several stacks can run side by side.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PROJECT_ID = 'demo-silk';
/** The repository's root folder (this file is tooling/stack/src/stack.ts). */
export const ROOT = join(import.meta.dirname, '..', '..', '..');

type EmulatorName = 'auth' | 'firestore' | 'functions' | 'hosting' | 'hub' | 'logging';
interface FirebaseConfig {
  emulators: Record<EmulatorName, { host: string; port: number }> & Record<string, unknown>;
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

/** Writes a firebase.json copy with shifted ports (gitignored) and returns its path. */
export function writeShiftedConfig(offset: number): string {
  if (offset === 0) return join(ROOT, 'firebase.json');
  const config = readFirebaseConfig();
  const ports = stackPorts(offset);
  for (const name of Object.keys(ports) as EmulatorName[]) {
    config.emulators[name] = { ...config.emulators[name], port: ports[name] };
  }
  // The Functions emulator also starts Eventarc and Cloud Tasks emulators; shift their ports too (their
  // defaults, 9299 and 9499, are the auth ports of offsets 200 and 400).
  for (const name of ['eventarc', 'tasks']) {
    const entry = config.emulators[name] as { host: string; port: number } | undefined;
    if (entry) config.emulators[name] = { ...entry, port: entry.port + offset };
  }
  // The Firestore emulator also listens on a websocket port (default 9150): shift it too, or a second
  // stack's Firestore emulator fails to start.
  config.emulators.firestore = { ...config.emulators.firestore, websocketPort: 9150 + offset } as never;
  const path = join(ROOT, `.firebase.test-${offset}.json`);
  writeFileSync(path, JSON.stringify(config, null, 2));
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
