// Partial hydration ("islands"). Pages are rendered to HTML at build time; in the browser only the
// interactive parts hydrate, each as its own React root, so the static copy (pain points, pillars,
// testimonials, footer…) never ships as JavaScript. An island's props travel as JSON in the HTML.
import { StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HELD_SUBMITS } from './page-scripts';

/** JSON safe inside a <script> element (no "</script>", no HTML comment openers). */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props ?? null)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

export interface IslandProps<P> {
  name: string;
  /** What the browser needs to render the island again (serialised into the page). */
  props?: P;
  children: ReactNode;
  className?: string;
}

/** Server side: the island's container, its HTML, and its props as JSON. */
export function Island<P>({ name, props, children, className }: IslandProps<P>) {
  return (
    <>
      <div data-island={name} className={className}>
        {children}
      </div>
      {props === undefined ? null : (
        <script
          type="application/json"
          data-island-props={name}
          dangerouslySetInnerHTML={{ __html: serializeProps(props) }}
        />
      )}
    </>
  );
}

/** The forms the head's form guard held back (submitted before their island hydrated). */
function heldSubmits(): HTMLFormElement[] {
  return ((window as unknown as Record<string, HTMLFormElement[] | undefined>)[HELD_SUBMITS] ??= []);
}

/** Once the island has hydrated, submits each of its forms the guard held back, once. */
function SubmitHeldForms({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    const held = heldSubmits();
    for (const form of held.filter((candidate) => container.contains(candidate))) {
      held.splice(held.indexOf(form), 1);
      form.requestSubmit();
    }
  }, [container]);
  return children;
}

export interface HydrateOptions {
  /**
   * 'load' hydrates at once; 'visible' waits until the island comes within `margin` of the viewport
   * (below-the-fold islands then cost nothing while the page loads).
   */
  when?: 'load' | 'visible';
  margin?: string;
}

/** Browser side: hydrates the island `name` (if the page has it) with the element built from its props. */
export function hydrateIsland<P>(
  name: string,
  render: (props: P) => ReactNode,
  { when = 'load', margin = '400px' }: HydrateOptions = {},
): void {
  const container = document.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (!container) return;
  const hydrate = () => {
    const json = document.querySelector(`script[data-island-props="${name}"]`)?.textContent;
    const props = (json ? JSON.parse(json) : undefined) as P;
    hydrateRoot(
      container,
      <StrictMode>
        <SubmitHeldForms container={container}>{render(props)}</SubmitHeldForms>
      </StrictMode>,
    );
    // From here React owns the island: events that arrive while it hydrates are replayed.
    container.dataset.hydrated = 'true';
  };
  if (when === 'load' || typeof IntersectionObserver === 'undefined') {
    hydrate();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      hydrate();
    },
    { rootMargin: `${margin} 0px ${margin} 0px` },
  );
  observer.observe(container);
}
