// Full Firebase (Auth + Firestore) for the admin panel, wired to the emulators once when configured.
import type { FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { getFirebaseApp, splitHostPort } from './app';
import type { ClientConfig } from './config';

export interface AdminServices {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  /** Base URL of our functions' API ("/api" behind Hosting). */
  apiBase: string;
}

const services = new Map<string, AdminServices>();

/** Services of the named app (default app unless given), created and wired on first call. */
export function getAdminServices(config: ClientConfig, appName?: string): AdminServices {
  const app = getFirebaseApp(config, appName);
  const existing = services.get(app.name);
  if (existing) return existing;
  const auth = getAuth(app);
  const db = getFirestore(app);
  if (config.emulators) {
    connectAuthEmulator(auth, `http://${config.emulators.auth}`, { disableWarnings: true });
    const { host, port } = splitHostPort(config.emulators.firestore);
    connectFirestoreEmulator(db, host, port);
  }
  const created: AdminServices = { app, auth, db, apiBase: config.apiBase };
  services.set(app.name, created);
  return created;
}
