import type { ClientConfig } from '@silk/data-access/config';

/** A client configuration for component tests (nothing here is contacted: data access is mocked). */
export function testConfig(overrides: Partial<ClientConfig> = {}): ClientConfig {
  return {
    firebase: {
      apiKey: 'demo-api-key',
      authDomain: 'demo-silk.firebaseapp.com',
      projectId: 'demo-silk',
      appId: '1:0:web:0',
    },
    emulators: { auth: '127.0.0.1:9099', firestore: '127.0.0.1:8080' },
    apiBase: '/api',
    ipLookupUrl: 'http://127.0.0.1:9/ip',
    geoLookupUrl: 'http://127.0.0.1:9/geo',
    recaptchaSiteKey: null,
    appCheck: { provider: 'stand-in', url: 'http://127.0.0.1:9' },
    ...overrides,
  };
}

/** A promise with its resolve/reject exposed, to hold a form in its submitting state. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
