// firebase-admin, initialised once and only when a function first needs it (loading the module —
// e.g. during deployment analysis — touches nothing). The Auth SDK is loaded at the first read of
// `auth` (the staff functions), not with the bundle that every function loads.
import { getApps, initializeApp } from 'firebase-admin/app';
import type { Auth, getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { createRequire } from 'node:module';

export interface AdminServices {
  auth: Auth;
  db: Firestore;
}

// `auth` is read synchronously wherever the services are used, so the SDK is required, not imported.
const requireModule = createRequire(import.meta.url);

let services: AdminServices | undefined;

export function adminServices(): AdminServices {
  if (!services) {
    const app = getApps()[0] ?? initializeApp();
    let auth: Auth | undefined;
    services = {
      get auth() {
        auth ??= (requireModule('firebase-admin/auth') as { getAuth: typeof getAuth }).getAuth(app);
        return auth;
      },
      db: getFirestore(app),
    };
  }
  return services;
}
