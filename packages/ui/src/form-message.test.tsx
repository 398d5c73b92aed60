import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormMessage } from './form-message';

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
