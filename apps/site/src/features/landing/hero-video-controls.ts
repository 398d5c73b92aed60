import { prefersReducedMotion } from '@/lib/reduced-motion';

/** Autoplay only where the video sits beside the form; on phones it is below the hero's fold. */
export const AUTOPLAY_QUERY = '(min-width: 1000px)';

/**
 * Drives the prerendered hero video (components/hero-video.tsx): the control toggles playback and
 * shows the state's label and icon. On wide screens the clip starts muted after the load event when
 * the browser is idle; on phones, with reduced motion or with data saving it waits for the visitor's
 * Play (decoding video costs a phone's main thread and battery for a clip it may never see).
 */
export function enhanceHeroVideo(figure: HTMLElement | null): void {
  const video = figure?.querySelector('video');
  const toggle = figure?.querySelector<HTMLButtonElement>('[data-video-toggle]');
  if (!video || !toggle) return;
  const label = toggle.querySelector('[data-video-label]');
  const icon = toggle.querySelector('path');
  const play = () => void video.play().catch(() => undefined);
  const show = (playing: boolean) => {
    const state = playing ? 'pause' : 'play';
    if (label) label.textContent = toggle.dataset[`${state}Label`] ?? '';
    icon?.setAttribute('d', toggle.dataset[`${state}Path`] ?? '');
  };
  video.addEventListener('play', () => show(true));
  video.addEventListener('pause', () => show(false));
  toggle.addEventListener('click', () => (video.paused ? play() : video.pause()));

  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  const wide = typeof window.matchMedia === 'function' && window.matchMedia(AUTOPLAY_QUERY).matches;
  if (!wide || prefersReducedMotion() || saveData) return;
  const start = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(play, { timeout: 2000 });
    else setTimeout(play, 200);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
