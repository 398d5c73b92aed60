import { checkPath, Icon, NamedIcon } from '@silk/ui/icon';
import { renderToStaticMarkup } from 'react-dom/server';
import { anchors } from '@/config/paths';
import { features, howItWorksSection, slides } from '@/content/landing';
import type { Slide } from '@/content/schemas';
import { Island } from '@/islands/island';
import { DemoCarousel, type RenderedSlide } from './demo-carousel';
import { LandingSection, SectionHeader } from './landing-section';

export function SlideView({ slide }: { slide: Slide }) {
  return (
    <article className="slide">
      <div className="slide__text">
        <span className="card__icon">
          <NamedIcon name={slide.icon} size={28} />
        </span>
        <h3 className="slide__title">{slide.title}</h3>
        <p>{slide.description}</p>
      </div>
      <img
        className="slide__mockup"
        src={slide.mockupImg}
        alt={slide.mockupAlt}
        width={320}
        height={480}
        loading="lazy"
        decoding="async"
      />
    </article>
  );
}

/** Build time only: each slide's HTML for the carousel island. */
export function renderSlides(): RenderedSlide[] {
  return slides.map((slide) => ({
    id: slide.id,
    title: slide.title,
    html: renderToStaticMarkup(<SlideView slide={slide} />),
  }));
}

/** #how-it-works: the six-slide demo carousel, its demo note and the promised features (PRODUCT.md#landing). */
export function HowItWorks() {
  const rendered = renderSlides();
  return (
    <LandingSection anchor={anchors.howItWorks} titleId="how-title" tinted>
      <SectionHeader copy={howItWorksSection} titleId="how-title" />
      <div data-animate>
        <Island name="carousel" props={{ slides: rendered }}>
          <DemoCarousel slides={rendered} />
        </Island>
        <p className="demo-note">{howItWorksSection.demoNote}</p>
      </div>
      <h3 className="features-list__heading" data-animate>
        {howItWorksSection.featuresHeading}
      </h3>
      <ul className="features-list">
        {features.map((feature) => (
          <li key={feature.title} className="features-list__item" data-animate>
            <Icon path={checkPath} size={22} className="features-list__check" />
            <div>
              <p className="features-list__title">
                {feature.title}
                {feature.badge ? <span className="badge">{feature.badge}</span> : null}
              </p>
              <p>{feature.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
