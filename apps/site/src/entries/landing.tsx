import '@/styles/site.css';
import { env } from '@/config/env';
import { rememberVisit } from '@/lib/visit-session';
import { startVisitorLookupSoon } from '@/lib/visitor-lookup';
import { enhanceHeroVideo } from '@/features/landing/hero-video-controls';
import { clearFog, focusFormFromHeroLinks, revealOnScroll, trackScroll } from '@/features/landing/motion';
import { onFirstInteraction } from '@/islands/first-interaction';

rememberVisit();
startVisitorLookupSoon(env);
onFirstInteraction(() => void import('./landing-islands'));

trackScroll(
  document.querySelector<HTMLElement>('[data-top-bar]'),
  document.querySelector<HTMLElement>('[data-parallax]'),
);
revealOnScroll();
clearFog();
focusFormFromHeroLinks();
enhanceHeroVideo(document.querySelector<HTMLElement>('[data-hero-video]'));
