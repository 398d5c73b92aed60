// The landing page's React islands, imported at the visitor's first interaction (entries/landing.tsx).
import { env } from '@/config/env';
import { DemoCarousel, type RenderedSlide } from '@/features/landing/components/demo-carousel';
import { FaqAccordion } from '@/features/landing/components/faq-accordion';
import { SignupForm } from '@/features/landing/components/signup-form';
import type { Faq } from '@/content/schemas';
import { hydrateIsland } from '@/islands/island';

hydrateIsland('signup', () => <SignupForm config={env} />);
// Below the fold: hydrated when they come near the viewport.
hydrateIsland<{ slides: RenderedSlide[] }>('carousel', ({ slides }) => <DemoCarousel slides={slides} />, {
  when: 'visible',
});
hydrateIsland<{ items: Faq[] }>('faq', ({ items }) => <FaqAccordion items={items} />, { when: 'visible' });
