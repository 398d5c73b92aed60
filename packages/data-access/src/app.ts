// The Firebase app for a client configuration (firebase/app only: safe for the site's lazy chunk).
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import type { ClientConfig } from './config';

export const DEFAULT_APP_NAME = '[DEFAULT]';

/** Returns the named app, initialising it from the config the first time. */
export function getFirebaseApp(config: ClientConfig, name: string = DEFAULT_APP_NAME): FirebaseApp {
  if (getApps().some((app) => app.name === name)) return getApp(name);
  return initializeApp(config.firebase, name);
}

/** Splits 'host:port' (kept here, not in config.ts, so that the site's lazy chunk carries no zod). */
export function splitHostPort(value: string): { host: string; port: number } {
  const index = value.lastIndexOf(':');
  return { host: value.slice(0, index), port: Number(value.slice(index + 1)) };
}
