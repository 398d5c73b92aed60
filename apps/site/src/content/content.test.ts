import { COPYRIGHT_YEAR, FAQ_EXAMPLE_BUDGET } from '@silk/schema/constants';
import { describe, expect, it } from 'vitest';
import { creators, faq, features, howItWorksSection, painPoints, slides, testimonials } from './landing';
import { channels, site } from './site';
import { validateContent } from './validate';

const SPEC_PAIN_POINTS = ['Endless tabs', 'Price anxiety', 'Coordination hell', 'Missed details'];

describe('site content', () => {
  it('matches its schemas and the SPEC counts', () => {
    expect(() => validateContent()).not.toThrow();
  });

  it('lists the four pain points of PRODUCT.md#landing in order', () => {
    expect(painPoints.map((point) => point.title)).toEqual(SPEC_PAIN_POINTS);
  });

  it('has exactly one FAQ answer with the $3,500 budget', () => {
    expect(faq.filter((item) => item.answer.includes(FAQ_EXAMPLE_BUDGET))).toHaveLength(1);
  });

  it('labels the first testimonial with 19k subscribers', () => {
    expect(testimonials[0]?.details).toContain('19k subscribers');
    expect(testimonials.slice(1).some((item) => item.details.includes('19k'))).toBe(false);
  });

  it('links the seven footer channels of PRODUCT.md#landing in order', () => {
    expect(channels.map((channel) => [channel.kind, channel.label])).toEqual([
      ['chat community', 'Discord community'],
      ['short video', 'TikTok'],
      ['microblog', 'X (Twitter)'],
      ['photo sharing', 'Instagram'],
      ['social network', 'Facebook'],
      ['video site', 'YouTube'],
      ['e-mail', 'E-mail us'],
    ]);
    expect(channels.find((channel) => channel.kind === 'microblog')?.label).toMatch(/^X\b/);
    expect(channels.at(-1)?.href).toMatch(/^mailto:/);
  });

  it('says 2025 in the copyright line and carries the consent text', () => {
    expect(COPYRIGHT_YEAR).toBe(2025);
    expect(site.copyright).toContain('© 2025');
    expect(site.consent).toMatch(/periodic e-mail updates/);
    expect(site.consent).toMatch(/never share your information/);
  });

  it('promises every feature of PRODUCT.md#landing', () => {
    const copy = [
      ...features.map((f) => `${f.title} ${f.description} ${f.badge ?? ''}`),
      ...slides.map((s) => s.description),
    ]
      .join(' ')
      .toLowerCase();
    expect(copy).toContain('questionnaire');
    expect(copy).toMatch(/one-sentence|one sentence/);
    expect(copy).toContain('loyalty');
    expect(copy).toContain('coming soon');
    expect(copy).toContain('price hunting');
    expect(copy).toMatch(/flight is delayed.*rebooks your car.*notifies your hotel/);
    expect(copy).toContain('cloud sharing');
    expect(copy).toContain('ar/vr previews');
  });

  it('carries the demo note of PRODUCT.md#landing', () => {
    expect(howItWorksSection.demoNote).toBe(
      'This demo shows the product vision and may differ from the final release.',
    );
  });

  it('links each creator to a video channel with a local logo', () => {
    for (const creator of creators) {
      expect(creator.channelUrl).toMatch(/^https:\/\/www\.youtube\.com\/@/);
      expect(creator.logo).toMatch(/^\/media\/creators\/.+\.svg$/);
    }
  });
});
