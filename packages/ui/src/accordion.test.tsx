import { fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Accordion } from './accordion';

const items = ['One', 'Two', 'Three'].map((name) => ({
  id: name,
  heading: `${name}?`,
  content: <p>{`${name} answer`}</p>,
}));

/** The item's summary (what a visitor clicks) and whether its details element is open. */
const trigger = (name: string) => screen.getByText(`${name}?`).closest('summary') as HTMLElement;
const isOpen = (name: string) => (trigger(name).parentElement as HTMLDetailsElement).open;

describe('Accordion', () => {
  it('starts with every item closed, answers still in the document', () => {
    render(<Accordion items={items} />);
    for (const name of ['One', 'Two', 'Three']) {
      expect(isOpen(name)).toBe(false);
      expect(screen.getByText(`${name} answer`)).not.toBeVisible();
    }
  });

  it('keeps one item open at a time', () => {
    render(<Accordion items={items} />);
    fireEvent.click(trigger('One'));
    expect(isOpen('One')).toBe(true);
    expect(screen.getByText('One answer')).toBeVisible();
    fireEvent.click(trigger('Three'));
    expect(isOpen('Three')).toBe(true);
    expect(isOpen('One')).toBe(false);
    expect(screen.getByText('One answer')).not.toBeVisible();
    expect(screen.getByText('Three answer')).toBeVisible();
  });

  it('closes the open item when it is clicked again', () => {
    render(<Accordion items={items} />);
    fireEvent.click(trigger('Two'));
    fireEvent.click(trigger('Two'));
    expect(isOpen('Two')).toBe(false);
    expect(screen.getByText('Two answer')).not.toBeVisible();
  });

  it('labels each answer region with its question, in the same details element', () => {
    render(<Accordion items={items} initialOpenIndex={0} />);
    const region = screen.getByRole('region', { name: 'One?' });
    expect(region).toHaveTextContent('One answer');
    expect(region.parentElement).toBe(trigger('One').parentElement);
  });

  it('is plain details/summary in the server HTML, one group, with the question as a heading', () => {
    const html = renderToString(<Accordion items={items} headingLevel={3} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    const details = [...container.querySelectorAll('details')];
    expect(details).toHaveLength(3);
    expect(new Set(details.map((item) => item.getAttribute('name'))).size).toBe(1);
    expect(details.every((item) => !item.open)).toBe(true);
    expect(container.querySelector('summary h3')?.textContent).toBe('One?');
  });

  it('keeps the item opened before hydration open, and one at a time afterwards', async () => {
    // React reports the changed `open` attribute in development; production keeps the DOM's state.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Accordion items={items} />);
    document.body.append(container);
    container.querySelectorAll('details')[1]!.open = true; // opened natively, before the script ran
    await act(async () => {
      hydrateRoot(container, <Accordion items={items} />);
    });
    expect(isOpen('Two')).toBe(true);
    fireEvent.click(trigger('Three'));
    expect(isOpen('Three')).toBe(true);
    expect(isOpen('Two')).toBe(false);
    container.remove();
    reported.mockRestore();
  });
});
