import { describe, expect, it } from 'vitest';
import { parseClientEnv } from './config';

describe('parseClientEnv', () => {
  it('targets the demo-silk emulators when nothing is set', () => {
    const config = parseClientEnv({});
    expect(config.firebase.projectId).toBe('demo-silk');
    expect(config.emulators).toEqual({ auth: '127.0.0.1:9099', firestore: '127.0.0.1:8080' });
    expect(config.apiBase).toBe('/api');
    expect(config.ipLookupUrl).toBe('https://api.ipify.org?format=json');
    expect(config.geoLookupUrl).toBe('https://ipapi.co/json/');
    expect(config.recaptchaSiteKey).toBeNull();
    expect(config.appCheck).toEqual({ provider: 'stand-in', url: 'http://127.0.0.1:5998' });
  });

  it('treats empty strings (as in .env.example) as unset', () => {
    const config = parseClientEnv({
      VITE_FIREBASE_API_KEY: '',
      VITE_API_BASE: '',
      VITE_RECAPTCHA_SITE_KEY: '  ',
    });
    expect(config.firebase.apiKey).toBe('demo-api-key');
    expect(config.apiBase).toBe('/api');
    expect(config.recaptchaSiteKey).toBeNull();
  });

  it('reads a production configuration without emulators', () => {
    const config = parseClientEnv({
      VITE_FIREBASE_API_KEY: 'AIza-real',
      VITE_FIREBASE_AUTH_DOMAIN: 'silk-prod.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'silk-prod',
      VITE_FIREBASE_APP_ID: '1:2:web:3',
      VITE_USE_EMULATORS: 'false',
      VITE_API_BASE: 'https://silk.travel/api/',
      VITE_RECAPTCHA_SITE_KEY: 'site-key',
      VITE_APP_CHECK_SITE_KEY: 'app-check-key',
    });
    expect(config.emulators).toBeNull();
    expect(config.appCheck).toEqual({ provider: 'recaptcha-v3', siteKey: 'app-check-key' });
    expect(config.firebase).toEqual({
      apiKey: 'AIza-real',
      authDomain: 'silk-prod.firebaseapp.com',
      projectId: 'silk-prod',
      appId: '1:2:web:3',
    });
    expect(config.apiBase).toBe('https://silk.travel/api');
    expect(config.recaptchaSiteKey).toBe('site-key');
  });

  it('refuses a real project without its web keys, naming each missing variable', () => {
    expect(() => parseClientEnv({ VITE_FIREBASE_PROJECT_ID: 'silk-prod' })).toThrow(
      /VITE_FIREBASE_API_KEY[\s\S]*VITE_FIREBASE_AUTH_DOMAIN[\s\S]*VITE_FIREBASE_APP_ID[\s\S]*VITE_APP_CHECK_SITE_KEY/,
    );
  });

  it('honours the emulator hosts and an explicit emulator flag', () => {
    const config = parseClientEnv({
      VITE_USE_EMULATORS: 'true',
      VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9199',
      VITE_FIRESTORE_EMULATOR_HOST: 'localhost:8180',
    });
    expect(config.emulators).toEqual({ auth: '127.0.0.1:9199', firestore: 'localhost:8180' });
  });

  it("uses the stack's App Check stand-in in an emulator build, at the URL the build gives", () => {
    const config = parseClientEnv({
      VITE_APP_CHECK_STUB_URL: 'http://127.0.0.1:6898/',
      VITE_APP_CHECK_SITE_KEY: 'unused',
    });
    expect(config.appCheck).toEqual({ provider: 'stand-in', url: 'http://127.0.0.1:6898' });
  });

  it.each([
    ['VITE_USE_EMULATORS', 'yes'],
    ['VITE_AUTH_EMULATOR_HOST', 'http://127.0.0.1:9099'],
    ['VITE_FIRESTORE_EMULATOR_HOST', '8080'],
    ['VITE_IP_LOOKUP_URL', 'not a url'],
  ])('refuses %s=%j', (key, value) => {
    expect(() => parseClientEnv({ [key]: value })).toThrow(key);
  });
});
