import { RECAPTCHA_ACTION } from '@silk/schema/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the script promise is memoised.
async function load() {
  vi.resetModules();
  return import('./recaptcha');
}

function scriptTag(): HTMLScriptElement | null {
  return document.head.querySelector('script[src*="recaptcha/api.js"]');
}

describe('getRecaptchaToken', () => {
  afterEach(() => {
    scriptTag()?.remove();
    delete window.grecaptcha;
    vi.restoreAllMocks();
  });

  it('does nothing without a site key', async () => {
    const { getRecaptchaToken } = await load();
    expect(await getRecaptchaToken(null)).toBeNull();
    expect(scriptTag()).toBeNull();
  });

  it('loads the v3 script for the key and executes the waitlist_update action', async () => {
    const { getRecaptchaToken } = await load();
    const execute = vi.fn(async () => 'token-abc');
    const pending = getRecaptchaToken('site key');
    const script = scriptTag()!;
    expect(script.src).toBe('https://www.google.com/recaptcha/api.js?render=site%20key');
    window.grecaptcha = { ready: (callback) => callback(), execute };
    script.dispatchEvent(new Event('load'));
    expect(await pending).toBe('token-abc');
    expect(execute).toHaveBeenCalledWith('site key', { action: RECAPTCHA_ACTION });
  });

  it('yields no token when the script cannot load or execute fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let { getRecaptchaToken } = await load();
    const failedLoad = getRecaptchaToken('key');
    scriptTag()!.dispatchEvent(new Event('error'));
    expect(await failedLoad).toBeNull();
    scriptTag()?.remove();

    ({ getRecaptchaToken } = await load());
    const failedExecute = getRecaptchaToken('key');
    window.grecaptcha = {
      ready: (callback) => callback(),
      execute: () => Promise.reject(new Error('quota')),
    };
    scriptTag()!.dispatchEvent(new Event('load'));
    expect(await failedExecute).toBeNull();
  });
});
