import { SESSION_EMAIL_KEY } from '@silk/schema/constants';

/** The e-mail saved by the landing form (PRODUCT.md#landing), or null (absent, or storage unavailable). */
export function readSessionEmail(): string | null {
  try {
    const value = window.sessionStorage.getItem(SESSION_EMAIL_KEY);
    return value && value.trim() !== '' ? value : null;
  } catch {
    return null;
  }
}

export function saveSessionEmail(email: string): void {
  try {
    window.sessionStorage.setItem(SESSION_EMAIL_KEY, email);
  } catch {
    // Private modes may refuse storage: the confirmation page then shows its generic copy.
  }
}
