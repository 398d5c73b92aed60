import { fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFirstInteraction } from './first-interaction';

describe('onFirstInteraction', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it.each([
    ['a pointer', () => fireEvent.pointerDown(document.body)],
    ['a key', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
    ['a touch', () => fireEvent.touchStart(document.body)],
    ['a scroll', () => fireEvent.scroll(window)],
    [
      'a click (assistive technology may click without a pointer event)',
      () => fireEvent.click(document.body),
    ],
    ['a submit', () => fireEvent.submit(document.body)],
  ])('starts once, at the first interaction (%s)', (_label, interact) => {
    const start = vi.fn();
    onFirstInteraction(start);
    expect(start).not.toHaveBeenCalled();
    interact();
    interact();
    fireEvent.pointerDown(document.body);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when something in the page already has focus (typing began before the script)', () => {
    document.body.innerHTML = '<input id="early" />';
    document.getElementById('early')!.focus();
    const start = vi.fn();
    onFirstInteraction(start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
