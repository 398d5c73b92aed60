// The head's form guard (an inline script) in a page whose islands have not hydrated yet.
import {
  EDIT_KEY_PATTERN,
  EDIT_KEY_STORAGE_PREFIX,
  SESSION_EMAIL_KEY,
  SESSION_REFERRED_BY_KEY,
} from '@silk/schema/constants';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORM_GUARD_SCRIPT, HELD_SUBMITS } from './page-scripts';

/** Dispatches a submit as the browser does; true when the native submission goes ahead. */
const submit = (form: HTMLFormElement) =>
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

function page(markup: string): HTMLFormElement {
  document.body.innerHTML = markup;
  return document.querySelector('form')!;
}

describe('the form guard', () => {
  beforeAll(() => {
    // Opened through a referral link.
    window.history.replaceState(null, '', '/?ref=ABCD2345');
    new Function(FORM_GUARD_SCRIPT)();
  });
  afterEach(() => {
    window.sessionStorage.clear();
    window.sessionStorage.setItem(SESSION_REFERRED_BY_KEY, 'abcd2345');
    window.dispatchEvent(new Event('pageshow'));
  });

  it("keeps a referral link's code for the signup and sends it with the native post", () => {
    expect(window.sessionStorage.getItem(SESSION_REFERRED_BY_KEY)).toBe('ABCD2345');
    const form = page(
      '<div data-island="signup"><form method="post" action="/api/join"><input name="email" value="ana@example.com"></form></div>',
    );
    let posted: FormData | null = null;
    form.addEventListener('submit', () => (posted = new FormData(form)));
    expect(submit(form)).toBe(true);
    expect(posted!.get('ref')).toBe('ABCD2345');
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

  it("sends the session's edit key with the native post (made and kept for /waitlist), then takes the field away", async () => {
    const form = page(
      '<div data-island="signup"><form method="post" action="/api/join"><input name="email" value=" Ana@Example.com "></form></div>',
    );
    let posted: FormData | null = null;
    form.addEventListener('submit', () => (posted = new FormData(form)));
    expect(submit(form)).toBe(true);
    const key = window.sessionStorage.getItem(`${EDIT_KEY_STORAGE_PREFIX}ana@example.com`);
    expect(key).toMatch(EDIT_KEY_PATTERN);
    expect(posted!.get('editKey')).toBe(key);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(form.querySelectorAll('input')).toHaveLength(1);
    // The same session posting again (back from /waitlist) sends the same key.
    window.dispatchEvent(new Event('pageshow'));
    expect(submit(form)).toBe(true);
    expect(posted!.get('editKey')).toBe(key);
  });

  it('holds back a form without a server path until its island hydrates (its fields would go in the URL), listed once', () => {
    const form = page(
      '<div data-island="feedback"><form><input name="socialMedia" value="@ana"></form></div>',
    );
    expect(submit(form)).toBe(false);
    expect(submit(form)).toBe(false);
    expect((window as unknown as Record<string, unknown[]>)[HELD_SUBMITS]).toEqual([form]);
  });

  it('leaves a hydrated island’s form to React', () => {
    const form = page('<div data-island="feedback" data-hydrated="true"><form><input name="x"></form></div>');
    expect(submit(form)).toBe(true);
    expect(window.sessionStorage.getItem(SESSION_EMAIL_KEY)).toBeNull();
  });
});
