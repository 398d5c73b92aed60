// What the share buttons do beyond plain links: copy the link, and open the device's share sheet where
// the browser has one (navigator.share). Used by /waitlist's ShareButtons and the status page's script.
import { SHARE_SUBJECT, SHARE_TEXT } from '@silk/schema/share-links';

export function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** Opens the share sheet; a visitor who closes it is no error. */
export async function shareNatively(link: string): Promise<void> {
  try {
    await navigator.share({ title: SHARE_SUBJECT, text: SHARE_TEXT, url: link });
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name !== 'AbortError') throw error;
  }
}

/** Copies the link; false when the browser refuses (the link stays on the page to copy by hand). */
export async function copyLink(link: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
    return true;
  } catch {
    return false;
  }
}

export const COPIED_LABEL = 'Copied';
