// The HTML shell of a page a function renders (/status, /invite): the site's prerendered page, fetched
// from the site's origin and kept for a few minutes. Fetched rather than copied into the functions' build:
// its script and style names are content hashes of the site build that Hosting serves now, so a shell
// from another build could name assets that are gone. The page's content goes into its slot.

const SHELL_TTL_MS = 5 * 60_000;

export type ShellLoader = (siteOrigin: string) => Promise<string>;

/** Where a page's shell is served and the comment its content replaces. */
export interface ShellPlace {
  path: string;
  slot: string;
}

/** A loader of the shell at `place`, refused unless it has the slot (so a 404 page is never filled). */
export function shellFetcher(place: ShellPlace): ShellLoader {
  return async (siteOrigin) => {
    const response = await fetch(new URL(place.path, siteOrigin), { redirect: 'follow' });
    const html = await response.text();
    const found = html.includes(place.slot);
    if (!response.ok || !found) {
      throw new Error(
        `page shell: ${response.status} from ${siteOrigin}${place.path}, slot ${found ? 'found' : 'missing'}`,
      );
    }
    return html;
  };
}

/** A loader that keeps each origin's shell for SHELL_TTL_MS (a failed fetch is not kept). */
export function cachedShell(load: ShellLoader, now: () => number = Date.now): ShellLoader {
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

/** The shell with its slot filled (once, with the content as given). */
export function fillSlot(shell: string, slot: string, content: string): string {
  return shell.replace(slot, () => content);
}
