import { useEffect, useId, useReducer, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn';
import { chevronLeftPath, chevronRightPath, Icon, pausePath, playPath } from './icon';

export interface CarouselState {
  index: number;
  paused: boolean;
}

export type CarouselAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'go'; index: number }
  | { type: 'toggle' }
  | { type: 'pause' };

/** PRODUCT.md#landing: index 0..count-1, next and previous wrap around, a dot jumps, the toggle flips paused. */
export function carouselReducer(count: number) {
  return (state: CarouselState, action: CarouselAction): CarouselState => {
    switch (action.type) {
      case 'next':
        return { ...state, index: (state.index + 1) % count };
      case 'previous':
        return { ...state, index: (state.index - 1 + count) % count };
      case 'go':
        return action.index >= 0 && action.index < count ? { ...state, index: action.index } : state;
      case 'toggle':
        return { ...state, paused: !state.paused };
      case 'pause':
        return state.paused ? state : { ...state, paused: true };
    }
  };
}

export interface CarouselProps<T> {
  items: readonly T[];
  /** Accessible name of the carousel. */
  label: string;
  getKey: (item: T) => string;
  /** Short title of a slide: dot labels and the screen-reader announcement. */
  getTitle: (item: T) => string;
  renderSlide: (item: T, index: number) => ReactNode;
  autoAdvanceMs: number;
  transitionMs: number;
  className?: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const STEP_BUTTONS = [
  { step: 'previous', label: 'Previous slide', path: chevronLeftPath },
  { step: 'next', label: 'Next slide', path: chevronRightPath },
] as const;

/**
 * A slideshow following the WAI-ARIA carousel pattern: previous/next (wrapping), a play/pause toggle,
 * dot buttons that jump to a slide with a progress bar on the active dot, auto-advance unless paused
 * (starts paused when the visitor prefers reduced motion), arrow keys, hidden slides inert, and the
 * current slide announced politely while rotation is paused. Rotation (and the progress bar) only
 * runs while the carousel is on screen, so nobody scrolls down to find it on its fourth slide.
 */
export function Carousel<T>({
  items,
  label,
  getKey,
  getTitle,
  renderSlide,
  autoAdvanceMs,
  transitionMs,
  className,
}: CarouselProps<T>) {
  const count = items.length;
  const [state, dispatch] = useReducer(carouselReducer(count), { index: 0, paused: false });
  const { index, paused } = state;
  const baseId = useId();
  // Time left before the next auto-advance: a full period for each new slide, what remained after a pause.
  const remaining = useRef(autoAdvanceMs);
  const rootRef = useRef<HTMLDivElement>(null);
  const [onScreen, setOnScreen] = useState(true);
  const running = !paused && onScreen;

  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true));
    observer.observe(root);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches) {
      dispatch({ type: 'pause' });
    }
  }, []);

  useEffect(() => {
    remaining.current = autoAdvanceMs;
  }, [index, autoAdvanceMs]);

  useEffect(() => {
    if (!running || count < 2) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dispatch({ type: 'next' }), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [index, running, count]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      dispatch({ type: 'next' });
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      dispatch({ type: 'previous' });
    }
  }

  const current = items[index];
  // The slides and their dots, in the same order and with the same keys; `active`: the slide shown.
  const slides = items.map((item, position) => ({
    item,
    position,
    key: getKey(item),
    active: position === index,
  }));
  return (
    <div
      ref={rootRef}
      className={cn('ui-carousel', className)}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      <div className="ui-carousel__controls">
        <button
          type="button"
          className="ui-carousel__button"
          onClick={() => dispatch({ type: 'toggle' })}
          aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
        >
          <Icon path={paused ? playPath : pausePath} size={20} />
        </button>
        {STEP_BUTTONS.map(({ step, label, path }) => (
          <button
            key={step}
            type="button"
            className="ui-carousel__button"
            aria-controls={`${baseId}-slides`}
            aria-label={label}
            onClick={() => dispatch({ type: step })}
          >
            <Icon path={path} size={20} />
          </button>
        ))}
      </div>
      <div className="ui-carousel__viewport">
        <div
          id={`${baseId}-slides`}
          className="ui-carousel__track"
          style={{ transform: `translateX(-${index * 100}%)`, transitionDuration: `${transitionMs}ms` }}
        >
          {slides.map(({ item, position, key, active }) => (
            <div
              key={key}
              className="ui-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${count}`}
              aria-hidden={active ? undefined : true}
              inert={!active}
              data-active={active}
            >
              {renderSlide(item, position)}
            </div>
          ))}
        </div>
      </div>
      <div className="ui-carousel__dots">
        {slides.map(({ item, position, key, active }) => (
          <button
            key={key}
            type="button"
            className="ui-carousel__dot"
            aria-label={`Go to slide ${position + 1}: ${getTitle(item)}`}
            aria-current={active ? 'true' : undefined}
            onClick={() => dispatch({ type: 'go', index: position })}
          >
            {active ? (
              <span
                key={index}
                className="ui-carousel__progress"
                data-testid="carousel-progress"
                data-state={running ? 'running' : 'paused'}
                style={{
                  animationDuration: `${autoAdvanceMs}ms`,
                  animationPlayState: running ? 'running' : 'paused',
                }}
              />
            ) : null}
          </button>
        ))}
      </div>
      <p className="ui-visually-hidden" aria-live={paused ? 'polite' : 'off'} aria-atomic="true">
        {current ? `Slide ${index + 1} of ${count}: ${getTitle(current)}` : ''}
      </p>
    </div>
  );
}
