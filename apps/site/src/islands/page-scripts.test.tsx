// The head's form guard (an inline script) in a page whose islands have not hydrated yet.
import {
  EDIT_KEY_PATTERN,
  EDIT_KEY_STORAGE_PREFIX,
  SESSION_EMAIL_KEY,
  SESSION_REFERRED_BY_KEY,
} from '@silk/schema/constants';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_GUARD_SCRIPT, HELD_CLICKS, HELD_POST_LIMIT_MS, HELD_SUBMITS } from './page-scripts';

/** Dispatches a submit as the browser does; true when the native submission goes ahead. */
const submit = (form: HTMLFormElement) =>
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

function page(markup: string): HTMLFormElement {
  document.body.innerHTML = markup;
  return document.querySelector('form')!;
}

const heldBack = (property: string) => (window as unknown as Record<string, unknown[]>)[property] ?? [];

/**
 * Submits as the browser does: the form is held back for its island; then its island does not come in
 * time. What the native post then sends, or null when it does not go.
 */
function postedWhenTheHoldRunsOut(form: HTMLFormElement): FormData | null {
  let posted: FormData | null = null;
  const record = (event: Event) => {
    if (!event.defaultPrevented) posted = new FormData(form);
  };
  form.addEventListener('submit', record);
  expect(submit(form)).toBe(false);
  vi.advanceTimersByTime(HELD_POST_LIMIT_MS - 1);
  expect(posted).toBeNull();
  vi.advanceTimersByTime(1);
  form.removeEventListener('submit', record);
  return posted;
}

const LANDING_FORM =
  '<div data-island="signup"><form method="post" action="/api/join"><input name="email" value=" Ana@Example.com "></form></div>';

describe('the form guard', () => {
  beforeAll(() => {
    // Opened through a referral link.
    window.history.replaceState(null, '', '/?ref=ABCD2345');
    new Function(FORM_GUARD_SCRIPT)();
  });
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    heldBack(HELD_SUBMITS).splice(0);
    heldBack(HELD_CLICKS).splice(0);
    window.sessionStorage.clear();
    window.sessionStorage.setItem(SESSION_REFERRED_BY_KEY, 'abcd2345');
    window.dispatchEvent(new Event('pageshow'));
  });

  it("keeps a referral link's code for the signup and sends it with the native post", () => {
    expect(window.sessionStorage.getItem(SESSION_REFERRED_BY_KEY)).toBe('ABCD2345');
    expect(postedWhenTheHoldRunsOut(page(LANDING_FORM))?.get('ref')).toBe('ABCD2345');
  });

  it('marks the document as having JavaScript', () => {
    expect(document.documentElement).toHaveClass('js');
  });

  it('holds the landing form for its island, which submits it once hydrated: no post, however often it was pressed', () => {
    const form = page(LANDING_FORM);
    const posts = vi.fn();
    form.addEventListener('submit', (event) => {
      if (!event.defaultPrevented) posts();
    });
    expect(submit(form)).toBe(false);
    expect(submit(form)).toBe(false);
    expect(heldBack(HELD_SUBMITS)).toEqual([form]);
    heldBack(HELD_SUBMITS).splice(0); // the island has taken it (islands/island.tsx)
    vi.advanceTimersByTime(HELD_POST_LIMIT_MS);
    expect(posts).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(SESSION_EMAIL_KEY)).toBeNull();
  });

  it('posts the landing form natively once when its island does not come in time, remembering the address for /waitlist', () => {
    const form = page(LANDING_FORM);
    expect(postedWhenTheHoldRunsOut(form)?.get('email')).toBe(' Ana@Example.com ');
    expect(window.sessionStorage.getItem(SESSION_EMAIL_KEY)).toBe('Ana@Example.com');
    expect(postedWhenTheHoldRunsOut(form)).toBeNull(); // a second tap while the post is under way
  });

  it("sends the session's edit key with the native post (made and kept for /waitlist), then takes the field away", () => {
    const form = page(LANDING_FORM);
    const posted = postedWhenTheHoldRunsOut(form);
    const key = window.sessionStorage.getItem(`${EDIT_KEY_STORAGE_PREFIX}ana@example.com`);
    expect(key).toMatch(EDIT_KEY_PATTERN);
    expect(posted?.get('editKey')).toBe(key);
    vi.runOnlyPendingTimers();
    expect(form.querySelectorAll('input')).toHaveLength(1);
    // The same session posting again (back from /waitlist) sends the same key.
    window.dispatchEvent(new Event('pageshow'));
    expect(postedWhenTheHoldRunsOut(form)?.get('editKey')).toBe(key);
  });

  it('holds back a form without a server path until its island hydrates (its fields would go in the URL), listed once', () => {
    const form = page(
      '<div data-island="feedback"><form><input name="socialMedia" value="@ana"></form></div>',
    );
    expect(submit(form)).toBe(false);
    expect(submit(form)).toBe(false);
    vi.advanceTimersByTime(HELD_POST_LIMIT_MS * 2); // it only ever waits
    expect(heldBack(HELD_SUBMITS)).toEqual([form]);
  });

  it("holds back the presses of an island's buttons until it hydrates, in order; leaves every other press alone", () => {
    document.body.innerHTML =
      '<div data-island="carousel"><button type="button">Pause</button><button type="button">Next</button>' +
      '<button type="submit">Send</button></div><button type="button">Menu</button>' +
      '<div data-island="faq" data-hydrated="true"><button type="button">Open</button></div>';
    const press = (name: string) =>
      [...document.querySelectorAll('button')]
        .find((button) => button.textContent === name)!
        .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(press('Next')).toBe(false);
    expect(press('Pause')).toBe(false);
    expect(press('Next')).toBe(false);
    expect(heldBack(HELD_CLICKS).map((button) => (button as HTMLElement).textContent)).toEqual([
      'Next',
      'Pause',
      'Next',
    ]);
    expect(press('Send')).toBe(true); // a form's submit: the guard's submit rule
    expect(press('Menu')).toBe(true); // outside any island
    expect(press('Open')).toBe(true); // its island is React's
    expect(heldBack(HELD_CLICKS)).toHaveLength(3);
  });

  it('leaves a hydrated island’s form to React', () => {
    const form = page('<div data-island="feedback" data-hydrated="true"><form><input name="x"></form></div>');
    expect(submit(form)).toBe(true);
    expect(window.sessionStorage.getItem(SESSION_EMAIL_KEY)).toBeNull();
  });
});
