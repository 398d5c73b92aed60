// Full Firebase (Auth + Firestore) for the admin panel, wired to the emulators once when configured.
// App Check is initialised with the app, before Auth and Firestore send anything, so every request of
// the panel carries its token (Firestore and Auth attach it themselves; our /api calls through
// `appCheckToken`): enforcement can be switched on for Firestore without cutting the panel off.
import type { FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { getFirebaseApp, splitHostPort } from './app';
import { appCheckToken, ensureAppCheck } from './app-check';
import type { ClientConfig } from './config';

export interface AdminServices {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  /** Base URL of our functions' API ("/api" behind Hosting). */
  apiBase: string;
  /** The panel's current App Check token (null when none can be had), sent on every /api call. */
  appCheckToken: () => Promise<string | null>;
}

const services = new Map<string, AdminServices>();

/** Services of the named app (default app unless given), created and wired on first call. */
export function getAdminServices(config: ClientConfig, appName?: string): AdminServices {
  const app = getFirebaseApp(config, appName);
  const existing = services.get(app.name);
  if (existing) return existing;
  ensureAppCheck(config, app.name);
  // Not getAuth: it bundles the popup/redirect sign-in machinery the panel never uses (~15 KB gzip).
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  const db = getFirestore(app);
  if (config.emulators) {
    connectAuthEmulator(auth, `http://${config.emulators.auth}`, { disableWarnings: true });
    const { host, port } = splitHostPort(config.emulators.firestore);
    connectFirestoreEmulator(db, host, port);
  }
  const created: AdminServices = {
    app,
    auth,
    db,
    apiBase: config.apiBase,
    appCheckToken: () => appCheckToken(config, app.name),
  };
  services.set(app.name, created);
  return created;
}
