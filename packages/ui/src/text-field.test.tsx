import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('ties the label and the hint to the input', () => {
    render(<TextField label="New Username" hint="3 to 32 characters." />);
    const input = screen.getByLabelText('New Username');
    expect(input).toHaveAccessibleDescription('3 to 32 characters.');
  });

  it('uses the id it is given, and generates one otherwise', () => {
    render(
      <>
        <TextField label="Work e-mail" id="workEmail" />
        <TextField label="Email" />
      </>,
    );
    expect(screen.getByLabelText('Work e-mail')).toHaveAttribute('id', 'workEmail');
    expect(screen.getByLabelText('Email').id).not.toBe('');
  });

  it('marks the input invalid and describes it with its error, announced as an alert', () => {
    render(<TextField label="Email" hint="Your work address." error="Please enter a valid email address." />);
    const input = screen.getByLabelText('Email');
    expect(input).toBeInvalid();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Your work address. Please enter a valid email address.');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
  });

  it('is valid, without an alert, when there is no error', () => {
    render(<TextField label="Email" />);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('carries the ui-field classes, or only the caller’s when unstyled', () => {
    const { container } = render(
      <>
        <TextField label="Styled" hint="Hint" error="Error" className="extra" />
        <TextField label="Plain" unstyled className="field" />
      </>,
    );
    const [styled, plain] = container.children;
    expect(styled).toHaveAttribute('class', 'ui-field extra');
    expect(screen.getByText('Styled')).toHaveAttribute('class', 'ui-field__label');
    expect(screen.getByLabelText('Styled')).toHaveAttribute('class', 'ui-field__input');
    expect(screen.getByText('Hint')).toHaveAttribute('class', 'ui-field__hint');
    expect(screen.getByText('Error')).toHaveAttribute('class', 'ui-field__error');
    expect(plain).toHaveAttribute('class', 'field');
    expect(screen.getByText('Plain')).not.toHaveAttribute('class');
    expect(screen.getByLabelText('Plain')).not.toHaveAttribute('class');
  });
});
