import type { ClientConfig } from '@silk/data-access/config';
import { buttonClassName } from '@silk/ui/button';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader, SkipLink } from '@/components/site-header';
import { topBar } from '@/content/landing';
import { ClosingCta } from '@/features/landing/components/closing-cta';
import { FaqSection } from '@/features/landing/components/faq-section';
import { FeaturesSection } from '@/features/landing/components/features-section';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { Testimonials } from '@/features/landing/components/testimonials';
import { anchors } from '@/config/paths';

/**
 * The landing page `/` (PRODUCT.md#landing), rendered at build time. In the browser, entries/landing.tsx starts the
 * motion, the hero video controls and the visitor lookup, and at the first interaction hydrates the
 * islands (sign-up form, carousel, FAQ: entries/landing-islands.tsx).
 */
export function LandingPage({ config }: { config: ClientConfig }) {
  return (
    <>
      <SkipLink />
      <SiteHeader
        action={
          <a className={buttonClassName('primary', 'top-bar__cta')} href={`#${anchors.hero}`}>
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
