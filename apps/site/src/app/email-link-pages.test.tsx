// The prerendered pages of the links in our e-mails: what arrives before any script (and without one).
import {
  CONFIRM_SHELL_PATH,
  ERASE_SECTION_ID,
  LINK_TOKEN_SLOT,
  UNSUBSCRIBE_SHELL_PATH,
} from '@silk/schema/constants';
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
    for (const path of [CONFIRM_SHELL_PATH, UNSUBSCRIBE_SHELL_PATH]) {
      expect(sitePages.find((page) => page.path === path)).toMatchObject({
        prerendered: true,
        hydrates: true,
        indexed: false,
      });
    }
  });

  it('/confirm offers the "Confirm my spot" form in the /waitlist frame, a native post of the slot of the token', () => {
    const page = parse(renderToString(<ConfirmPage apiBase="/api" />));
    expect(page.querySelector('header a.button')?.getAttribute('href')).toBe('/');
    expect(page.querySelector('[data-island="confirm"] h1')?.textContent).toBe('Confirm your spot');
    const form = page.querySelector<HTMLFormElement>('[data-island="confirm"] form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/api/confirm');
    expect(form?.querySelector<HTMLInputElement>('input[name="token"]')?.value).toBe(LINK_TOKEN_SLOT);
    expect(form?.querySelector('button[type="submit"]')?.textContent).toBe('Confirm my spot');
    expect(page.querySelector('noscript')).toBeNull();
  });

  it('/unsubscribe has its button and the "Delete my data" section at the id of the erase link', () => {
    const page = parse(renderToString(<UnsubscribePage apiBase="/api" />));
    const island = page.querySelector('[data-island="unsubscribe"]');
    expect(island?.querySelector('h1')?.textContent).toBe('Unsubscribe from Silk e-mails');
    const form = island?.querySelector<HTMLFormElement>('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/api/unsubscribe');
    expect(form?.querySelector<HTMLInputElement>('input[name="token"]')?.value).toBe(LINK_TOKEN_SLOT);
    expect(form?.querySelector('button[type="submit"]')?.textContent).toBe('Unsubscribe');
    expect(island?.querySelector(`section#${ERASE_SECTION_ID} h2`)?.textContent).toBe('Delete my data');
    expect(page.querySelector('noscript')?.textContent).toMatch(/Deleting your data needs JavaScript/);
  });
});
