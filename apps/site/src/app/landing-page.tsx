import type { ClientConfig } from '@silk/data-access/config';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader, SkipLink } from '../components/site-header';
import { topBar } from '../content/landing';
import { ClosingCta } from '../features/landing/components/closing-cta';
import { FaqSection } from '../features/landing/components/faq-section';
import { FeaturesSection } from '../features/landing/components/features-section';
import { Hero } from '../features/landing/components/hero';
import { HowItWorks } from '../features/landing/components/how-it-works';
import { Testimonials } from '../features/landing/components/testimonials';
import { anchors } from './paths';

/**
 * The landing page `/` (SPEC §2), rendered at build time. In the browser, entries/landing.tsx hydrates
 * its islands (sign-up form, hero video, carousel, FAQ) and starts the motion and the visitor lookup.
 */
export function LandingPage({ config }: { config: ClientConfig }) {
  return (
    <>
      <SkipLink />
      <SiteHeader
        action={
          <a className="button button--primary top-bar__cta" href={`#${anchors.hero}`}>
            {topBar.ctaLabel}
          </a>
        }
      />
      <main id="main">
        <Hero config={config} />
        <FeaturesSection />
        <HowItWorks />
        <Testimonials />
        <ClosingCta />
        <FaqSection />
      </main>
      <SiteFooter />
    </>
  );
}
