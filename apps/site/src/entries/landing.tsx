import '../styles/site.css';
import { startVisitorLookup } from '@silk/data-access/visitor-lookup';
import { env } from '../config/env';
import { DemoCarousel, type RenderedSlide } from '../features/landing/components/demo-carousel';
import { FaqAccordion } from '../features/landing/components/faq-accordion';
import { SignupForm } from '../features/landing/components/signup-form';
import { enhanceHeroVideo } from '../features/landing/hero-video-controls';
import { clearFog, focusFormFromHeroLinks, revealOnScroll, trackScroll } from '../features/landing/motion';
import type { Faq } from '../content/schemas';
import { hydrateIsland } from '../islands/island';

// Started at page load so that a submit never waits on a slow lookup longer than its timeout.
void startVisitorLookup(env);

hydrateIsland('signup', () => <SignupForm config={env} />);
hydrateIsland<{ slides: RenderedSlide[] }>('carousel', ({ slides }) => <DemoCarousel slides={slides} />);
hydrateIsland<{ items: Faq[] }>('faq', ({ items }) => <FaqAccordion items={items} />);

trackScroll(document.querySelector<HTMLElement>('[data-top-bar]'));
revealOnScroll();
clearFog();
focusFormFromHeroLinks();
enhanceHeroVideo(document.querySelector<HTMLElement>('[data-hero-video]'));
