// Partial hydration ("islands"). Pages are rendered to HTML at build time; in the browser only the
// interactive parts hydrate, each as its own React root, so the static copy (pain points, pillars,
// testimonials, footer…) never ships as JavaScript. An island's props travel as JSON in the HTML.
import { StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HELD_CLICKS, HELD_SUBMITS } from './page-scripts';

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

/** What the head's guard held back (submitted or pressed before their island hydrated), by its window property. */
function heldBack<T>(property: string): T[] {
  return ((window as unknown as Record<string, T[] | undefined>)[property] ??= []);
}

/** Takes out of `held` what lies in `container`, in the order it was held. */
function takeFrom<T extends Node>(held: T[], container: HTMLElement): T[] {
  const taken = held.filter((node) => container.contains(node));
  for (const node of taken) held.splice(held.indexOf(node), 1);
  return taken;
}

/** Presses each button as the visitor did: one press a task, each seeing what the one before did. */
function pressInTurn([button, ...rest]: HTMLButtonElement[]): void {
  if (!button) return;
  button.click();
  if (rest.length > 0) setTimeout(() => pressInTurn(rest), 0);
}

/**
 * Once the island has hydrated, carries out what the visitor did before: each held form is submitted
 * once, each held button press made again, in order.
 */
function CarryOutHeldInput({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    pressInTurn(takeFrom(heldBack<HTMLButtonElement>(HELD_CLICKS), container));
    for (const form of takeFrom(heldBack<HTMLFormElement>(HELD_SUBMITS), container)) form.requestSubmit();
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
        <CarryOutHeldInput container={container}>{render(props)}</CarryOutHeldInput>
      </StrictMode>,
    );
    // From here React owns the island: events that arrive while it hydrates are replayed.
    container.dataset.hydrated = 'true';
  };
  // An island the visitor already pressed or submitted in answers now, wherever the page has scrolled.
  const pressed = [...heldBack<Node>(HELD_CLICKS), ...heldBack<Node>(HELD_SUBMITS)].some((node) =>
    container.contains(node),
  );
  if (when === 'load' || pressed || typeof IntersectionObserver === 'undefined') {
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
