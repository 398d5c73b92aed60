import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVEAL_ROOT_MARGIN, REVEAL_THRESHOLD, SCROLL_OBSERVER_SETUP_DELAY_MS } from '@/config/constants';
import { clearFog, focusFormFromHeroLinks, revealOnScroll, trackScroll } from './motion';

class FakeObserver {
  static instances: FakeObserver[] = [];
  observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe = (element: Element) => void this.observed.add(element);
  unobserve = (element: Element) => void this.observed.delete(element);
  disconnect = () => this.observed.clear();
  report(element: Element, ratio: number) {
    const entry = { target: element, isIntersecting: ratio > 0, intersectionRatio: ratio };
    this.callback([entry as IntersectionObserverEntry], this as never);
  }
}

describe('revealOnScroll', () => {
  let first: HTMLElement;
  let second: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    document.body.innerHTML = '<p data-animate id="a">A</p><p data-animate id="b">B</p>';
    first = document.getElementById('a')!;
    second = document.getElementById('b')!;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('observes the marked elements 100 ms after start with the SPEC threshold and margin', () => {
    revealOnScroll();
    vi.advanceTimersByTime(SCROLL_OBSERVER_SETUP_DELAY_MS - 1);
    expect(FakeObserver.instances).toHaveLength(0);
    vi.advanceTimersByTime(1);
    const observer = FakeObserver.instances[0]!;
    expect(observer.options).toEqual({ threshold: REVEAL_THRESHOLD, rootMargin: REVEAL_ROOT_MARGIN });
    expect([...observer.observed]).toEqual([first, second]);
  });

  it('keeps on-screen elements shown, hides off-screen ones, and reveals them at 10% visible', () => {
    revealOnScroll();
    vi.advanceTimersByTime(SCROLL_OBSERVER_SETUP_DELAY_MS);
    const observer = FakeObserver.instances[0]!;
    observer.report(first, 1);
    observer.report(second, 0);
    expect(first.dataset.revealed).toBe('true');
    expect(second.dataset.revealed).toBe('false');
    expect([...observer.observed]).toEqual([second]);
    observer.report(second, 0.05);
    expect(second.dataset.revealed).toBe('false');
    observer.report(second, 0.1);
    expect(second.dataset.revealed).toBe('true');
    expect(observer.observed.size).toBe(0);
    observer.report(first, 0);
    expect(first.dataset.revealed).toBe('true');
  });

  it('shows everything again when stopped', () => {
    const stop = revealOnScroll();
    vi.advanceTimersByTime(SCROLL_OBSERVER_SETUP_DELAY_MS);
    FakeObserver.instances[0]!.report(second, 0);
    stop();
    expect(second.dataset.revealed).toBe('true');
  });

  it('hides nothing when the visitor prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    revealOnScroll();
    vi.advanceTimersByTime(1000);
    expect(FakeObserver.instances).toHaveLength(0);
    expect(first.dataset.revealed).toBeUndefined();
  });
});

describe('trackScroll', () => {
  it('exposes the scroll position to the parallax layers and marks the top bar once scrolled', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const bar = document.createElement('header');
    const parallax = document.createElement('div');
    const stop = trackScroll(bar, parallax);
    expect(bar.dataset.scrolled).toBe('false');
    Object.defineProperty(window, 'scrollY', { value: 240, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('scroll'));
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    expect(parallax.style.getPropertyValue('--scroll-y')).toBe('240');
    expect(document.documentElement.style.getPropertyValue('--scroll-y')).toBe('');
    expect(bar.dataset.scrolled).toBe('true');
    stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
});

describe('clearFog and the #hero links', () => {
  it('sets the fog flag on the next frame', () => {
    document.body.innerHTML = '<div data-fog data-cleared="false"></div>';
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    clearFog();
    expect(document.querySelector<HTMLElement>('[data-fog]')!.dataset.cleared).toBe('false');
    frames[0]!(0);
    expect(document.querySelector<HTMLElement>('[data-fog]')!.dataset.cleared).toBe('true');
    vi.unstubAllGlobals();
  });

  it('focuses the e-mail field after a jump to #hero', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<a href="#hero">Unlock</a><input id="hero-email" type="email" />';
    const stop = focusFormFromHeroLinks();
    document.querySelector('a')!.click();
    vi.runAllTimers();
    expect(document.getElementById('hero-email')).toHaveFocus();
    stop();
    vi.useRealTimers();
  });
});
