// firebase-admin, initialised once and only when a function first needs it (loading the module —
// e.g. during deployment analysis — touches nothing). The Auth SDK is loaded at the first read of
// `auth` (the staff functions), not with the bundle that every function loads. Firestore speaks REST
// (HTTP/1.1) rather than gRPC: the SDK then loads neither gRPC nor google-gax's compiled protos at the
// first call, most of a cold start's first request; listeners, the one thing that needs gRPC, are
// not used here (the SDK would open a gRPC channel for them).
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
      db: preferRest(getFirestore(app)),
    };
  }
  return services;
}

/**
 * `settings()` is allowed once, before the instance's first call. firebase-functions decodes a
 * trigger's event with the same instance (without calling Firestore), so it is normally still open;
 * if something else has already used it, it keeps the settings it has.
 */
function preferRest(db: Firestore): Firestore {
  try {
    db.settings({ preferRest: true });
  } catch {
    // already in use: gRPC, as before
  }
  return db;
}
