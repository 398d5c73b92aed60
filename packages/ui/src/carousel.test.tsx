import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel, carouselReducer } from './carousel';

const slides = ['Plan', 'Book', 'Price', 'Heal', 'Capture', 'Preview'].map((title) => ({
  id: title.toLowerCase(),
  title,
}));

function renderCarousel() {
  return render(
    <Carousel
      items={slides}
      label="Demo"
      getKey={(slide) => slide.id}
      getTitle={(slide) => slide.title}
      renderSlide={(slide) => <h3>{slide.title}</h3>}
      autoAdvanceMs={5000}
      transitionMs={500}
    />,
  );
}

/** The slide the carousel shows: the one group not hidden from assistive technology. */
function activeSlideTitle(): string | null {
  const groups = screen.getAllByRole('group', { hidden: true });
  const visible = groups.filter((group) => group.getAttribute('aria-hidden') !== 'true');
  expect(visible).toHaveLength(1);
  return visible[0]!.textContent;
}

function activeDot(): HTMLElement {
  const dots = screen.getAllByRole('button', { name: /^Go to slide/ });
  const current = dots.filter((dot) => dot.getAttribute('aria-current') === 'true');
  expect(current).toHaveLength(1);
  return current[0]!;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** The slide turns from `before` to `after` when `ms` more have passed, not a millisecond earlier. */
function expectTurnAfter(ms: number, before: string, after: string) {
  advance(ms - 1);
  expect(activeSlideTitle()).toBe(before);
  advance(1);
  expect(activeSlideTitle()).toBe(after);
}

describe('Carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('auto-advances every 5000 ms and wraps from the last slide to the first', () => {
    renderCarousel();
    expect(activeSlideTitle()).toBe('Plan');
    expectTurnAfter(5000, 'Plan', 'Book');
    for (const title of ['Price', 'Heal', 'Capture', 'Preview']) {
      advance(5000);
      expect(activeSlideTitle()).toBe(title);
    }
    advance(5000);
    expect(activeSlideTitle()).toBe('Plan');
  });

  it('stops auto-advancing while paused and resumes with the time that was left', () => {
    renderCarousel();
    advance(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    advance(20_000);
    expect(activeSlideTitle()).toBe('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    expectTurnAfter(3000, 'Plan', 'Book');
  });

  it('wraps around with previous and next', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(activeSlideTitle()).toBe('Preview');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlideTitle()).toBe('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlideTitle()).toBe('Book');
  });

  it('jumps to a slide from its dot and restarts the 5000 ms period there', () => {
    renderCarousel();
    advance(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 4: Heal' }));
    expect(activeSlideTitle()).toBe('Heal');
    expect(activeDot()).toHaveAccessibleName('Go to slide 4: Heal');
    expectTurnAfter(5000, 'Heal', 'Capture');
  });

  it('shows the progress bar on the active dot only, timed to the auto-advance, paused with the slideshow', () => {
    renderCarousel();
    const progress = () => screen.getAllByTestId('carousel-progress');
    expect(progress()).toHaveLength(1);
    expect(activeDot()).toContainElement(progress()[0]!);
    expect(progress()[0]).toHaveStyle({ animationDuration: '5000ms' });
    expect(progress()[0]).toHaveAttribute('data-state', 'running');
    advance(5000);
    expect(progress()).toHaveLength(1);
    expect(within(activeDot()).getByTestId('carousel-progress')).toBeInTheDocument();
    expect(activeDot()).toHaveAccessibleName('Go to slide 2: Book');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(progress()[0]).toHaveAttribute('data-state', 'paused');
  });

  it('moves with the arrow keys', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Demo' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(activeSlideTitle()).toBe('Book');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(activeSlideTitle()).toBe('Preview');
  });

  it('makes hidden slides inert, slides with a 500 ms transition, and announces slides politely while paused', () => {
    const { container } = renderCarousel();
    const track = container.querySelector<HTMLElement>('.ui-carousel__track')!;
    expect(track.style.transitionDuration).toBe('500ms');
    const groups = screen.getAllByRole('group', { hidden: true });
    expect(groups.filter((group) => group.hasAttribute('inert'))).toHaveLength(5);
    const live = container.querySelector('[aria-live]')!;
    expect(live).toHaveAttribute('aria-live', 'off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(live).toHaveAttribute('aria-live', 'polite');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(live).toHaveTextContent('Slide 2 of 6: Book');
    expect(track.style.transform).toBe('translateX(-100%)');
  });

  it('starts paused when the visitor prefers reduced motion', () => {
    const matchMedia = vi.fn((query: string) => ({ matches: query.includes('reduce'), media: query }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      renderCarousel();
      expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
      advance(15_000);
      expect(activeSlideTitle()).toBe('Plan');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('Carousel off screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('rotates only while it is on screen', () => {
    let report: (visible: boolean) => void = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          report = (visible) => callback([{ isIntersecting: visible }]);
        }
        observe() {}
        disconnect() {}
      },
    );
    renderCarousel();
    act(() => report(false));
    advance(20_000);
    expect(activeSlideTitle()).toBe('Plan');
    expect(screen.getByTestId('carousel-progress')).toHaveAttribute('data-state', 'paused');
    act(() => report(true));
    expect(screen.getByTestId('carousel-progress')).toHaveAttribute('data-state', 'running');
    advance(5000);
    expect(activeSlideTitle()).toBe('Book');
  });
});

describe('carouselReducer', () => {
  const reduce = carouselReducer(6);
  it('ignores a dot index outside the slides', () => {
    const state = { index: 2, paused: false };
    expect(reduce(state, { type: 'go', index: 6 })).toBe(state);
    expect(reduce(state, { type: 'go', index: -1 })).toBe(state);
  });
});
