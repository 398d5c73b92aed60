import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, buttonClassName } from './button';

describe('Button', () => {
  it('is a primary button unless told otherwise, with the caller’s classes after its own', () => {
    render(
      <Button type="submit" className="signup-form__submit">
        Join
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Join' });
    expect(button).toHaveAttribute('class', 'button button--primary signup-form__submit');
    expect(button).toHaveAttribute('type', 'submit');
  });

  it.each(['secondary', 'danger', 'light', 'ghost', 'link'] as const)(
    'gives the %s variant its class',
    (variant) => {
      render(
        <Button type="button" variant={variant}>
          Go
        </Button>,
      );
      expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute(
        'class',
        `button button--${variant}`,
      );
    },
  );

  it('passes the button’s own props through', () => {
    render(
      <Button type="button" disabled aria-busy>
        Download
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Download' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('gives a link the same classes', () => {
    expect(buttonClassName()).toBe('button button--primary');
    expect(buttonClassName('ghost', 'top-bar__cta')).toBe('button button--ghost top-bar__cta');
  });
});
