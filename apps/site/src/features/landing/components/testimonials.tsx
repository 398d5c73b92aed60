import { TESTIMONIAL_STAGGER_MS } from '@/config/constants';
import { anchors } from '@/config/paths';
import { testimonials, testimonialsSection } from '@/content/landing';
import type { TestimonialItem } from '@/content/schemas';
import { LandingSection, RevealCard, SectionHeader } from './landing-section';

/**
 * PRODUCT.md#data: an avatar starting with http is an image, anything else is initials. (The rule of
 * isAvatarImage in @silk/schema/entities, restated here because that module pulls zod into the bundle;
 * testimonials.test.tsx checks that both agree.)
 */
export function isAvatarUrl(avatar: string): boolean {
  return avatar.startsWith('http');
}

export function Avatar({ testimonial }: { testimonial: TestimonialItem }) {
  if (isAvatarUrl(testimonial.avatar)) {
    return (
      <img
        className="avatar"
        src={testimonial.avatar}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span className="avatar avatar--initials" aria-hidden="true">
      {testimonial.avatar}
    </span>
  );
}

/** #testimonials: three quotes, staggered 150 ms each. */
export function Testimonials() {
  return (
    <LandingSection anchor={anchors.testimonials} titleId="testimonials-title">
      <SectionHeader copy={testimonialsSection} titleId="testimonials-title" />
      <ul className="card-grid card-grid--three">
        {testimonials.map((testimonial, index) => (
          <RevealCard
            key={testimonial.author}
            className="card testimonial"
            delayMs={index * TESTIMONIAL_STAGGER_MS}
          >
            <figure>
              <blockquote>
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption className="testimonial__author">
                <Avatar testimonial={testimonial} />
                <span>
                  <span className="testimonial__name">{testimonial.author}</span>
                  <span className="testimonial__details">{testimonial.details}</span>
                </span>
              </figcaption>
            </figure>
          </RevealCard>
        ))}
      </ul>
    </LandingSection>
  );
}
