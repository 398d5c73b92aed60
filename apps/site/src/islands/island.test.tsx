import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hydrateIsland, Island, serializeProps } from './island';
import { FORM_GUARD_SCRIPT, HELD_CLICKS, HELD_SUBMITS } from './page-scripts';

function Counter({ start }: { start: number }) {
  const [count, setCount] = useState(start);
  return <button onClick={() => setCount(count + 1)}>{`Count ${count}`}</button>;
}

/** Stands in for IntersectionObserver: `report(visible)` tells the island's observer what it sees. */
function stubIntersectionObserver() {
  const observer: { report: (visible: boolean) => void; options?: IntersectionObserverInit } = {
    report: () => undefined,
  };
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(
        callback: (entries: Array<{ isIntersecting: boolean }>) => void,
        init: IntersectionObserverInit,
      ) {
        observer.report = (visible) => callback([{ isIntersecting: visible }]);
        observer.options = init;
      }
      observe() {}
      disconnect() {}
    },
  );
  return observer;
}

/** The page with a prerendered Counter island called `name`, starting at 1. */
function prerenderCounter(name: string): HTMLElement {
  document.body.innerHTML = renderToString(
    <Island name={name} props={{ start: 1 }}>
      <Counter start={1} />
    </Island>,
  );
  return document.querySelector<HTMLElement>(`[data-island="${name}"]`)!;
}

describe('islands', () => {
  beforeAll(() => {
    // The head's guard, as on every page with islands.
    new Function(FORM_GUARD_SCRIPT)();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('escapes props so they cannot break out of their script element', () => {
    const json = serializeProps({ text: '</script><script>alert(1)</script> & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script> & \u2028' });
  });

  it('hydrates the prerendered island with its serialised props, without a mismatch', async () => {
    document.body.innerHTML = renderToString(
      <main>
        <p>Static copy</p>
        <Island name="counter" props={{ start: 3 }}>
          <Counter start={3} />
        </Island>
      </main>,
    );
    const button = screen.getByRole('button', { name: 'Count 3' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () =>
      hydrateIsland<{ start: number }>('counter', ({ start }) => <Counter start={start} />),
    );
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Count 4' })).toBe(button);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("hydrates a 'visible' island only once it comes near the viewport", async () => {
    const observer = stubIntersectionObserver();
    const container = prerenderCounter('later');
    hydrateIsland<{ start: number }>('later', ({ start }) => <Counter start={start} />, { when: 'visible' });
    expect(observer.options?.rootMargin).toBe('400px 0px 400px 0px');
    observer.report(false);
    expect(container.dataset.hydrated).toBeUndefined();
    await act(async () => observer.report(true));
    expect(container.dataset.hydrated).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Count 1' }));
    expect(screen.getByRole('button', { name: 'Count 2' })).toBeInTheDocument();
  });

  it('does nothing on a page without the island', () => {
    expect(() => hydrateIsland('missing', () => <Counter start={0} />)).not.toThrow();
  });

  it('submits a form pressed before its island hydrated once the island is ready, once however often it was pressed', async () => {
    const sent: string[] = [];
    function Form() {
      const [note, setNote] = useState('');
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            sent.push(new FormData(event.currentTarget).get('note') as string);
          }}
        >
          <input name="note" value={note} onChange={(event) => setNote(event.target.value)} />
          <button type="submit">Send</button>
        </form>
      );
    }
    document.body.innerHTML = renderToString(
      <Island name="form">
        <Form />
      </Island>,
    );
    const form = document.querySelector('form')!;
    const press = () => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(press()).toBe(false); // held back: a native GET would put the fields in the URL
    expect(press()).toBe(false);
    expect(sent).toEqual([]);
    await act(async () => hydrateIsland('form', () => <Form />));
    expect(sent).toEqual(['']);
    expect((window as unknown as Record<string, unknown[]>)[HELD_SUBMITS]).toEqual([]);
    fireEvent.submit(form); // once hydrated, a press is React's alone
    expect(sent).toEqual(['', '']);
  });

  it('presses again, once the island is ready, each of its buttons pressed before, in order', async () => {
    function Steps() {
      const [steps, setSteps] = useState<string[]>([]);
      return (
        <div>
          <button type="button" onClick={() => setSteps([...steps, 'pause'])}>
            Pause
          </button>
          <button type="button" onClick={() => setSteps([...steps, 'next'])}>
            Next
          </button>
          <output>{steps.join(' ')}</output>
        </div>
      );
    }
    document.body.innerHTML = renderToString(
      <Island name="steps">
        <Steps />
      </Island>,
    );
    const press = (name: string) =>
      screen
        .getByRole('button', { name })
        .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(press('Next')).toBe(false); // held back: nothing would answer it yet
    expect(press('Pause')).toBe(false);
    expect(press('Next')).toBe(false);
    expect(document.querySelector('output')?.textContent).toBe('');
    await act(async () => hydrateIsland('steps', () => <Steps />));
    await vi.waitFor(() => expect(document.querySelector('output')?.textContent).toBe('next pause next'));
    expect((window as unknown as Record<string, unknown[]>)[HELD_CLICKS]).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' })); // once hydrated, a press is React's alone
    expect(document.querySelector('output')?.textContent).toBe('next pause next pause');
  });

  it("hydrates a 'visible' island at once when a press of it was held, out of view or not", async () => {
    stubIntersectionObserver(); // it never reports the island in view
    const container = prerenderCounter('pressed');
    const button = screen.getByRole('button', { name: 'Count 1' });
    button.setAttribute('type', 'button');
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await act(async () =>
      hydrateIsland<{ start: number }>('pressed', ({ start }) => <Counter start={start} />, {
        when: 'visible',
      }),
    );
    expect(container.dataset.hydrated).toBe('true');
    expect(screen.getByRole('button', { name: 'Count 2' })).toBeInTheDocument();
  });
});
