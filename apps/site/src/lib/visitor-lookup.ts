import type { ClientConfig } from '@silk/data-access/config';

/**
 * Starts the visitor's IP and location lookups (DESIGN §7) as soon as the page has loaded, so a submit
 * never waits on a slow lookup for longer than its timeout. The module comes as its own small chunk
 * right after the load event: it is not needed to render or hydrate, so it stays out of the initial
 * JavaScript. The waitlist write imports the same module, so both share the memoised lookups.
 */
export function startVisitorLookupSoon(config: ClientConfig): void {
  const start = () => {
    import('@silk/data-access/visitor-lookup')
      .then(({ startVisitorLookup }) => startVisitorLookup(config))
      .catch((error: unknown) => console.warn('Visitor lookup unavailable:', error));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
