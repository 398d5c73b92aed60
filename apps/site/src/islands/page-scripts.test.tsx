// The head's form guard (an inline script) in a page whose islands have not hydrated yet.
import { SESSION_EMAIL_KEY } from '@silk/schema/constants';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORM_GUARD_SCRIPT } from './page-scripts';

/** Dispatches a submit as the browser does; true when the native submission goes ahead. */
const submit = (form: HTMLFormElement) =>
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

function page(markup: string): HTMLFormElement {
  document.body.innerHTML = markup;
  return document.querySelector('form')!;
}

describe('the form guard', () => {
  beforeAll(() => {
    new Function(FORM_GUARD_SCRIPT)();
  });
  afterEach(() => {
    window.sessionStorage.clear();
    window.dispatchEvent(new Event('pageshow'));
  });

  it('marks the document as having JavaScript', () => {
    expect(document.documentElement).toHaveClass('js');
  });

  it('lets the landing form post natively before hydration, once, remembering the address for /waitlist', () => {
    const form = page(
      '<div data-island="signup"><form method="post" action="/api/join"><input name="email" value=" ana@example.com "></form></div>',
    );
    expect(submit(form)).toBe(true);
    expect(window.sessionStorage.getItem(SESSION_EMAIL_KEY)).toBe('ana@example.com');
    expect(submit(form)).toBe(false); // a second tap while the post is under way
  });

  it('holds back a form without a server path until its island hydrates (its fields would go in the URL)', () => {
    const form = page(
      '<div data-island="feedback"><form><input name="socialMedia" value="@ana"></form></div>',
    );
    expect(submit(form)).toBe(false);
  });

  it('leaves a hydrated island’s form to React', () => {
    const form = page('<div data-island="feedback" data-hydrated="true"><form><input name="x"></form></div>');
    expect(submit(form)).toBe(true);
    expect(window.sessionStorage.getItem(SESSION_EMAIL_KEY)).toBeNull();
  });
});
