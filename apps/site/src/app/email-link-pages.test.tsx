// The prerendered pages of the links in our e-mails: what arrives before any script (and without one).
import { ERASE_SECTION_ID } from '@silk/schema/constants';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sitePages } from '@/config/pages';
import { ConfirmPage } from './confirm-page';
import { UnsubscribePage } from './unsubscribe-page';

function parse(markup: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${markup}</body>`, 'text/html');
}

describe('the e-mail link pages', () => {
  it('are prerendered, hydrated and kept out of search results', () => {
    for (const path of ['/confirm', '/unsubscribe']) {
      expect(sitePages.find((page) => page.path === path)).toMatchObject({
        prerendered: true,
        hydrates: true,
        indexed: false,
      });
    }
  });

  it('/confirm shows the "confirming" state in the /waitlist frame, and says it needs JavaScript', () => {
    const page = parse(renderToString(<ConfirmPage apiBase="/api" />));
    expect(page.querySelector('header a.button')?.getAttribute('href')).toBe('/');
    expect(page.querySelector('[data-island="confirm"] h1')?.textContent).toBe('Confirming your spot…');
    expect(page.querySelector('noscript')?.textContent).toMatch(/needs JavaScript/);
  });

  it('/unsubscribe has its button and the "Delete my data" section at the id of the erase link', () => {
    const page = parse(renderToString(<UnsubscribePage apiBase="/api" />));
    const island = page.querySelector('[data-island="unsubscribe"]');
    expect(island?.querySelector('h1')?.textContent).toBe('Unsubscribe from Silk e-mails');
    expect(island?.querySelector('button')?.textContent).toBe('Unsubscribe');
    expect(island?.querySelector(`section#${ERASE_SECTION_ID} h2`)?.textContent).toBe('Delete my data');
    expect(page.querySelector('noscript')?.textContent).toMatch(/unsubscribe button of your mail app/);
  });
});
