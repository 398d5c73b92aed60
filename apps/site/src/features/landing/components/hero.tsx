import { anchors } from '@/config/paths';
import { hero } from '@/content/landing';
import { Island } from '@/islands/island';
import { HeroVideo } from './hero-video';
import { MotionBackground } from './motion-background';
import { Partners } from './partners';
import { SignupForm } from './signup-form';
import type { ClientConfig } from '@silk/data-access/config';

/** #hero: the sign-up form and the video hydrate as islands; the rest is static HTML. */
export function Hero({ config }: { config: ClientConfig }) {
  return (
    <section id={anchors.hero} className="hero section-anchor" aria-labelledby="hero-title" tabIndex={-1}>
      <MotionBackground />
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="eyebrow">{hero.eyebrow}</p>
          <h1 id="hero-title" className="hero__title">
            {hero.title} <span className="hero__accent">{hero.titleAccent}</span>
          </h1>
          <p className="hero__lead">{hero.lead}</p>
          <Island name="signup">
            <SignupForm config={config} />
          </Island>
          <Partners />
        </div>
        <HeroVideo />
      </div>
    </section>
  );
}
