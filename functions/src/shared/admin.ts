// firebase-admin, initialised once and only when a function first needs it (loading the module —
// e.g. during deployment analysis — touches nothing).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

export interface AdminServices {
  auth: Auth;
  db: Firestore;
}

let services: AdminServices | undefined;

export function adminServices(): AdminServices {
  if (!services) {
    const app = getApps()[0] ?? initializeApp();
    services = { auth: getAuth(app), db: getFirestore(app) };
  }
  return services;
}
