// The prerendered pages: what a visitor (or a crawler) gets before any JavaScript runs.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SIGNUP_BUTTON_LABEL } from '@silk/schema/messages';
import { testConfig } from '@/testing/config';
import { LandingPage } from './landing-page';
import { NotFoundPage } from './not-found-page';
import { WaitlistPage } from './waitlist-page';

function parse(markup: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${markup}</body>`, 'text/html');
}

const text = (node: Element | null) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('landing page HTML', () => {
  const page = parse(renderToString(<LandingPage config={testConfig()} />));

  it('has the SPEC anchors in order', () => {
    const ids = Array.from(page.querySelectorAll('main section[id]')).map((section) => section.id);
    expect(ids).toEqual(['hero', 'features', 'how-it-works', 'testimonials', 'faq']);
  });

  it('has the top-bar "Unlock My Early Access" button to #hero', () => {
    const cta = page.querySelector('header a.top-bar__cta');
    expect(text(cta)).toBe(SIGNUP_BUTTON_LABEL);
    expect(cta?.getAttribute('href')).toBe('#hero');
  });

  it('puts the form, the video with its poster and the three partner logos in #hero', () => {
    const hero = page.getElementById('hero')!;
    const input = hero.querySelector('input#hero-email');
    expect(input?.getAttribute('type')).toBe('email');
    expect(input?.hasAttribute('required')).toBe(true);
    const video = hero.querySelector('video');
    expect(video?.getAttribute('poster')).toBe('/media/hero-poster.webp');
    expect(video?.getAttribute('preload')).toBe('none');
    const partners = hero.querySelectorAll('.partners a[href^="https://www.youtube.com/"] img');
    expect(partners).toHaveLength(3);
  });

  it('renders six slides, the demo note, four pain points and four staggered pillars', () => {
    expect(page.querySelectorAll('#how-it-works [aria-roledescription="slide"]')).toHaveLength(6);
    expect(text(page.querySelector('#how-it-works .demo-note'))).toMatch(/may differ from the final release/);
    expect(page.querySelectorAll('#features .pain-point')).toHaveLength(4);
    const delays = Array.from(page.querySelectorAll<HTMLElement>('#features .pillar')).map((pillar) =>
      pillar.style.getPropertyValue('--reveal-delay'),
    );
    expect(delays).toEqual(['0ms', '200ms', '400ms', '600ms']);
  });

  it('renders three testimonials staggered by 150 ms, the first labelled 19k subscribers', () => {
    const cards = Array.from(page.querySelectorAll<HTMLElement>('#testimonials .testimonial'));
    expect(cards).toHaveLength(3);
    expect(cards.map((card) => card.style.getPropertyValue('--reveal-delay'))).toEqual([
      '0ms',
      '150ms',
      '300ms',
    ]);
    expect(text(cards[0]!)).toContain('19k subscribers');
  });

  it('renders ten FAQ questions as details/summary (they open without JavaScript), all closed, with their answers in the HTML', () => {
    const items = page.querySelectorAll<HTMLDetailsElement>('#faq details');
    expect(items).toHaveLength(10);
    expect(Array.from(items).every((item) => !item.open && item.querySelector('summary h3'))).toBe(true);
    expect(text(page.getElementById('faq'))).toContain('$3,500');
  });

  it('has a hero form that posts natively to /api/join (no address in a URL)', () => {
    const form = page.querySelector('#hero form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/api/join');
    expect(form?.querySelector('input[name="email"]')).not.toBeNull();
  });

  it('shows the partner block after the 1 s content reveal delay and marks elements for scroll reveal', () => {
    const delayed = page.querySelector<HTMLElement>('[data-delayed-reveal]');
    expect(delayed?.style.getPropertyValue('--content-reveal-delay')).toBe('1000ms');
    expect(page.querySelectorAll('[data-animate]').length).toBeGreaterThan(10);
  });

  it('ends with the closing call to action and a footer with seven channel links, © 2025 and the consent text', () => {
    expect(page.querySelector('.closing-cta a')?.getAttribute('href')).toBe('#hero');
    const footer = page.querySelector('footer')!;
    expect(footer.querySelectorAll('a[data-channel]')).toHaveLength(7);
    expect(text(footer)).toContain('© 2025');
    expect(text(footer)).toMatch(/periodic e-mail updates/);
  });

  it('serialises island props as JSON that cannot close its script element', () => {
    const json = page.querySelector('script[data-island-props="faq"]')?.textContent ?? '';
    expect(json).not.toContain('</');
    expect((JSON.parse(json) as { items: unknown[] }).items).toHaveLength(10);
  });
});

describe('waitlist page HTML', () => {
  const page = parse(renderToString(<WaitlistPage config={testConfig()} />));

  it('has "Back to Home" in the top bar and the generic copy before hydration', () => {
    const back = page.querySelector('header a.button');
    expect(text(back)).toBe('Back to Home');
    expect(back?.getAttribute('href')).toBe('/');
    expect(text(page.querySelector('h1'))).toBe('Welcome to the Silk waitlist');
  });

  it('offers the optional feedback form', () => {
    expect(text(page.querySelector('.feedback'))).toContain('entirely optional');
    expect(page.querySelector('textarea')?.getAttribute('rows')).toBe('4');
  });
});

describe('404 page HTML', () => {
  it('links back home', () => {
    const page = parse(renderToString(<NotFoundPage />));
    expect(page.querySelector('main a')?.getAttribute('href')).toBe('/');
  });
});
