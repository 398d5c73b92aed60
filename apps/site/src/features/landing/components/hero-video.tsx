import { Icon, pausePath, playPath } from '@silk/ui/icon';
import { hero } from '@/content/landing';

/**
 * The hero loop (our own 8 s clip, 28 KB WebM / 43 KB MP4) with its poster. preload="none", so it
 * never competes with the first paint; hero-video-controls.ts starts it muted once the page has loaded
 * on wide screens (not on phones, under reduced motion or data saving) and drives the visible
 * pause/play control (WCAG 2.2.2).
 * The labels and icon paths of both states travel as data attributes, so no copy ships as JavaScript.
 */
export function HeroVideo() {
  return (
    <figure className="hero-video" data-hero-video>
      <video
        className="hero-video__media"
        width={640}
        height={360}
        poster="/media/hero-poster.webp"
        preload="none"
        muted
        loop
        playsInline
        aria-label={hero.videoLabel}
      >
        <source src="/media/hero-loop.webm" type="video/webm" />
        <source src="/media/hero-loop.mp4" type="video/mp4" />
      </video>
      <figcaption className="hero-video__caption">
        <span>{hero.videoLabel}</span>
        <button
          type="button"
          className="hero-video__toggle"
          data-video-toggle
          data-play-label={hero.videoPlayLabel}
          data-pause-label={hero.videoPauseLabel}
          data-play-path={playPath}
          data-pause-path={pausePath}
        >
          <Icon path={playPath} size={16} />
          <span data-video-label>{hero.videoPlayLabel}</span>
        </button>
      </figcaption>
    </figure>
  );
}
