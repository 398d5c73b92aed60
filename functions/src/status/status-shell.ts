// The status page's HTML shell: the site's prerendered page "status" (http/page-shell.ts), its slot
// (STATUS_SLOT) filled with the subscriber's numbers.
import { STATUS_SHELL_PATH, STATUS_SLOT } from '@silk/schema/constants';
import { cachedShell as cachedPageShell, fillSlot, shellFetcher, type ShellLoader } from '../http/page-shell';

export type { ShellLoader };

export const fetchShell: ShellLoader = shellFetcher({ path: STATUS_SHELL_PATH, slot: STATUS_SLOT });

export function cachedShell(load: ShellLoader = fetchShell, now: () => number = Date.now): ShellLoader {
  return cachedPageShell(load, now);
}

export function fillShell(shell: string, content: string): string {
  return fillSlot(shell, STATUS_SLOT, content);
}
