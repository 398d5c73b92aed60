// App Check for the site's writes and calls: firebase/app-check, imported only by waitlist.ts (the module
// the site loads lazily at e-mail focus or submit), never by the initial JS. Initialised once per app, so
// Firestore (lite) sends its tokens too, and its token goes on our /api calls as X-Firebase-AppCheck.
// Production: reCAPTCHA v3 with App Check's site key. Emulator build: a custom provider fetching tokens
// from the stack's stand-in issuer (App Check has no emulator).
import type { FirebaseApp } from 'firebase/app';
import {
  CustomProvider,
  getToken,
  initializeAppCheck,
  ReCaptchaV3Provider,
  type AppCheck,
} from 'firebase/app-check';
import { getFirebaseApp } from './app';
import type { ClientConfig } from './config';

const instances = new WeakMap<FirebaseApp, AppCheck>();

function provider(config: ClientConfig['appCheck']): CustomProvider | ReCaptchaV3Provider {
  if (config.provider === 'recaptcha-v3') return new ReCaptchaV3Provider(config.siteKey);
  return new CustomProvider({
    getToken: async () => {
      const response = await fetch(`${config.url}/token`, { method: 'POST' });
      if (!response.ok) throw new Error(`App Check stand-in answered ${response.status}`);
      return (await response.json()) as { token: string; expireTimeMillis: number };
    },
  });
}

/** App Check for the config's app, initialised on first use. */
export function ensureAppCheck(config: ClientConfig, appName?: string): AppCheck {
  const app = getFirebaseApp(config, appName);
  let appCheck = instances.get(app);
  if (!appCheck) {
    appCheck = initializeAppCheck(app, {
      provider: provider(config.appCheck),
      isTokenAutoRefreshEnabled: true,
    });
    instances.set(app, appCheck);
  }
  return appCheck;
}

/**
 * The current App Check token, or null when none can be had (the call then goes without one and the
 * function refuses it: the caller's failure handling applies).
 */
export async function appCheckToken(config: ClientConfig, appName?: string): Promise<string | null> {
  try {
    return (await getToken(ensureAppCheck(config, appName))).token;
  } catch (error) {
    console.warn('App Check token unavailable:', error);
    return null;
  }
}
