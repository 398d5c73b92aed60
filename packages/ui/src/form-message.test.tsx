import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './card';
import { FormMessage } from './form-message';
import { TextField } from './text-field';

describe('FormMessage', () => {
  it('announces errors as an alert and successes as a status', () => {
    render(
      <>
        <FormMessage tone="error">Incorrect password.</FormMessage>
        <FormMessage tone="success">Username updated successfully.</FormMessage>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect password.');
    expect(screen.getByRole('alert')).toHaveAttribute('data-tone', 'error');
    expect(screen.getByRole('status')).toHaveTextContent('Username updated successfully.');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it('renders nothing without a message', () => {
    const { container } = render(<FormMessage tone="error">{''}</FormMessage>);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('TextField and Card', () => {
  it('ties the label and the hint to the input', () => {
    render(<TextField label="New Username" hint="3 to 32 characters." />);
    const input = screen.getByLabelText('New Username');
    expect(input).toHaveAccessibleDescription('3 to 32 characters.');
  });

  it('names the card section by its heading', () => {
    render(
      <Card heading="Change Password">
        <p>body</p>
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Change Password' })).toContainElement(screen.getByText('body'));
    expect(screen.getByRole('heading', { level: 2, name: 'Change Password' })).toBeInTheDocument();
  });
});
