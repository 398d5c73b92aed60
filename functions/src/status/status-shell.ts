// The status page's HTML shell: the site's prerendered page (apps/site, page "status"), fetched from the
// site's origin and kept for a few minutes. Fetched rather than copied into the functions' build: its
// script and style names are content hashes of the site build that Hosting serves now, so a shell from
// another build could name assets that are gone. The page's content goes into its slot (STATUS_SLOT).
import { STATUS_SHELL_PATH, STATUS_SLOT } from '@silk/schema/constants';

const SHELL_TTL_MS = 5 * 60_000;

export type ShellLoader = (siteOrigin: string) => Promise<string>;

/** The shell at `siteOrigin`, refused unless it has the slot (so a 404 page is never filled). */
export async function fetchShell(siteOrigin: string): Promise<string> {
  const response = await fetch(new URL(STATUS_SHELL_PATH, siteOrigin), { redirect: 'follow' });
  const html = await response.text();
  if (!response.ok || !html.includes(STATUS_SLOT)) {
    throw new Error(`status shell: ${response.status} from ${siteOrigin}${STATUS_SHELL_PATH}, slot ${html.includes(STATUS_SLOT) ? 'found' : 'missing'}`);
  }
  return html;
}

/** A loader that keeps each origin's shell for SHELL_TTL_MS (a failed fetch is not kept). */
export function cachedShell(load: ShellLoader = fetchShell, now: () => number = Date.now): ShellLoader {
  const cache = new Map<string, { at: number; shell: Promise<string> }>();
  return (siteOrigin) => {
    const kept = cache.get(siteOrigin);
    if (kept && now() - kept.at < SHELL_TTL_MS) return kept.shell;
    const shell = load(siteOrigin);
    cache.set(siteOrigin, { at: now(), shell });
    shell.catch(() => cache.delete(siteOrigin));
    return shell;
  };
}

/** The shell with its slot filled. */
export function fillShell(shell: string, content: string): string {
  return shell.replace(STATUS_SLOT, () => content);
}
