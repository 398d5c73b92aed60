// reCAPTCHA v3, loaded lazily (first focus of the feedback form, or submit) only when a site key is
// configured. Every failure resolves null: the bot check never blocks feedback (PRODUCT.md#api, PRODUCT.md#messages).
import { RECAPTCHA_ACTION } from '@silk/schema/constants';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const LOAD_TIMEOUT_MS = 4000;
let loading: Promise<Grecaptcha | null> | null = null;

export function loadRecaptcha(siteKey: string): Promise<Grecaptcha | null> {
  if (loading) return loading;
  loading = new Promise<Grecaptcha | null>((resolve) => {
    const timer = window.setTimeout(() => resolve(null), LOAD_TIMEOUT_MS);
    const done = (value: Grecaptcha | null) => {
      window.clearTimeout(timer);
      resolve(value);
    };
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const api = window.grecaptcha;
      if (api) api.ready(() => done(api));
      else done(null);
    };
    script.onerror = () => {
      console.warn('The reCAPTCHA script could not be loaded.');
      loading = null;
      done(null);
    };
    document.head.append(script);
  });
  return loading;
}

/** A token for the waitlist_update action, or null (no key, script unavailable, execute failed). */
export async function getRecaptchaToken(siteKey: string | null): Promise<string | null> {
  if (!siteKey) return null;
  const api = await loadRecaptcha(siteKey);
  if (!api) return null;
  try {
    const token = await api.execute(siteKey, { action: RECAPTCHA_ACTION });
    return token || null;
  } catch (error) {
    console.warn('reCAPTCHA execute failed:', error);
    return null;
  }
}
