// The islands' React code loads at the visitor's first interaction, not with the page: everything works
// before it (the prerendered HTML, the form's native POST, the FAQ's details/summary, the personalised
// /waitlist), so a phone's main thread is not spent evaluating React and hydrating while the page loads.
// Any input counts — a pointer or touch, a key, focus, a scroll, a click or a submit — so React is
// usually in place before the visitor reaches a form; a submit that comes first posts natively or waits
// for its island (see the page's form guard).

const EVENTS = [
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
  'click',
  'submit',
] as const;

/** Runs `start` once, at the first interaction (at once if something in the page already has focus). */
export function onFirstInteraction(start: () => void): void {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) window.removeEventListener(type, run, true);
    start();
  };
  for (const type of EVENTS) window.addEventListener(type, run, { capture: true, passive: true });
  if (document.activeElement && document.activeElement !== document.body) run();
}
