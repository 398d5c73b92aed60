// firebase-admin for scripts: the emulators when their hosts are set, else Application Default Credentials.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';

export function adminSdk(projectId = process.env.GCLOUD_PROJECT ?? 'demo-silk') {
  const app = getApps()[0] ?? initializeApp({ projectId });
  return { auth: getAuth(app), db: getFirestore(app) };
}
