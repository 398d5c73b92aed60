// Landing-page motion without React (PRODUCT.md#landing, PRODUCT.md#constants): scroll tracking, parallax, reveal on scroll, the fog
// flag, and focusing the form from the #hero links. Plain DOM code run by the page entry, so the static
// sections it animates never need hydrating. All of it is progressive: the prerendered HTML shows
// everything, and nothing is hidden under prefers-reduced-motion or without IntersectionObserver.
import { REVEAL_ROOT_MARGIN, REVEAL_THRESHOLD, SCROLL_OBSERVER_SETUP_DELAY_MS } from '@/config/constants';
import { HERO_EMAIL_ID, anchors } from '@/config/paths';
import { prefersReducedMotion } from '@/lib/reduced-motion';

export const REVEAL_SELECTOR = '[data-animate]';
const SCROLLED_AFTER_PX = 12;

type Cleanup = () => void;

/**
 * Tracks the scroll position once per animation frame: --scroll-y on the parallax container (only its
 * layers restyle, not the whole document) and data-scrolled on the top bar once the page has left the
 * top.
 */
export function trackScroll(topBar: HTMLElement | null, parallax: HTMLElement | null): Cleanup {
  let frame = 0;
  let scrolled: string | null = null;
  const update = () => {
    frame = 0;
    const y = window.scrollY;
    parallax?.style.setProperty('--scroll-y', String(Math.round(y)));
    const next = String(y > SCROLLED_AFTER_PX);
    if (next !== scrolled) {
      scrolled = next;
      topBar?.setAttribute('data-scrolled', next);
    }
  };
  const onScroll = () => {
    if (!frame) frame = window.requestAnimationFrame(update);
  };
  update();
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.removeEventListener('scroll', onScroll);
    if (frame) window.cancelAnimationFrame(frame);
  };
}

/**
 * Elements with the scroll-animation marker fade in when 10% visible with a 50px bottom margin; the
 * observer is set up 100 ms after start. Progressive: the prerendered HTML shows everything; an element
 * is only hidden (data-revealed="false") once the observer has found it off screen, and shown again
 * (data-revealed="true") when it comes into view — so nothing on screen ever flashes, and nothing is
 * hidden without JavaScript, under prefers-reduced-motion or without IntersectionObserver. No layout
 * is read here, so sections skipped by content-visibility stay skipped.
 */
export function revealOnScroll(): Cleanup {
  if (prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return () => undefined;
  const elements = Array.from(document.querySelectorAll<HTMLElement>(REVEAL_SELECTOR));
  let observer: IntersectionObserver | undefined;
  const timer = window.setTimeout(() => {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const element = entry.target as HTMLElement;
          if (entry.isIntersecting && entry.intersectionRatio >= REVEAL_THRESHOLD) {
            element.dataset.revealed = 'true';
            observer?.unobserve(element);
          } else if (element.dataset.revealed !== 'true') {
            element.dataset.revealed = 'false';
          }
        }
      },
      { threshold: REVEAL_THRESHOLD, rootMargin: REVEAL_ROOT_MARGIN },
    );
    for (const element of elements) observer.observe(element);
  }, SCROLL_OBSERVER_SETUP_DELAY_MS);
  return () => {
    window.clearTimeout(timer);
    observer?.disconnect();
    for (const element of elements) element.dataset.revealed = 'true';
  };
}

/** Sets the fog's flag on the next frame: the overlay then fades out (CSS transition). */
export function clearFog(): void {
  window.requestAnimationFrame(() => {
    for (const fog of document.querySelectorAll<HTMLElement>('[data-fog]')) fog.dataset.cleared = 'true';
  });
}

/**
 * Links to #hero jump to the section natively; then the e-mail field gets focus so the visitor can
 * type at once.
 */
export function focusFormFromHeroLinks(): Cleanup {
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.(`a[href="#${anchors.hero}"]`);
    if (!link) return;
    const input = document.getElementById(HERO_EMAIL_ID);
    if (input instanceof HTMLInputElement) window.setTimeout(() => input.focus({ preventScroll: true }), 0);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
