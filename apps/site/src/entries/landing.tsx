import '../styles/site.css';
import { env } from '../config/env';
import { startVisitorLookupSoon } from '../lib/visitor-lookup';
import { DemoCarousel, type RenderedSlide } from '../features/landing/components/demo-carousel';
import { FaqAccordion } from '../features/landing/components/faq-accordion';
import { SignupForm } from '../features/landing/components/signup-form';
import { enhanceHeroVideo } from '../features/landing/hero-video-controls';
import { clearFog, focusFormFromHeroLinks, revealOnScroll, trackScroll } from '../features/landing/motion';
import type { Faq } from '../content/schemas';
import { hydrateIsland } from '../islands/island';

startVisitorLookupSoon(env);

hydrateIsland('signup', () => <SignupForm config={env} />);
// Below the fold: hydrated when they come near the viewport.
hydrateIsland<{ slides: RenderedSlide[] }>('carousel', ({ slides }) => <DemoCarousel slides={slides} />, {
  when: 'visible',
});
hydrateIsland<{ items: Faq[] }>('faq', ({ items }) => <FaqAccordion items={items} />, { when: 'visible' });

trackScroll(
  document.querySelector<HTMLElement>('[data-top-bar]'),
  document.querySelector<HTMLElement>('[data-parallax]'),
);
revealOnScroll();
clearFog();
focusFormFromHeroLinks();
enhanceHeroVideo(document.querySelector<HTMLElement>('[data-hero-video]'));
