import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Accordion } from './accordion';

const items = ['One', 'Two', 'Three'].map((name) => ({
  id: name,
  heading: `${name}?`,
  content: <p>{`${name} answer`}</p>,
}));

const trigger = (name: string) => screen.getByRole('button', { name: `${name}?` });

describe('Accordion', () => {
  it('starts with every item closed, answers still in the document', () => {
    render(<Accordion items={items} />);
    for (const name of ['One', 'Two', 'Three']) {
      expect(trigger(name)).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByText(`${name} answer`)).not.toBeVisible();
    }
  });

  it('keeps one item open at a time', () => {
    render(<Accordion items={items} />);
    fireEvent.click(trigger('One'));
    expect(trigger('One')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('One answer')).toBeVisible();
    fireEvent.click(trigger('Three'));
    expect(trigger('Three')).toHaveAttribute('aria-expanded', 'true');
    expect(trigger('One')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('One answer')).not.toBeVisible();
    expect(screen.getByText('Three answer')).toBeVisible();
  });

  it('closes the open item when it is clicked again', () => {
    render(<Accordion items={items} />);
    fireEvent.click(trigger('Two'));
    fireEvent.click(trigger('Two'));
    expect(trigger('Two')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Two answer')).not.toBeVisible();
  });

  it('ties each button to its answer region', () => {
    render(<Accordion items={items} initialOpenIndex={0} />);
    const region = screen.getByRole('region', { name: 'One?' });
    expect(trigger('One')).toHaveAttribute('aria-controls', region.id);
    expect(region).toHaveTextContent('One answer');
  });
});
