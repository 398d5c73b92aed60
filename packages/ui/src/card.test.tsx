import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './card';

describe('Card', () => {
  it('names the card section by its heading', () => {
    render(
      <Card heading="Change Password">
        <p>body</p>
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Change Password' })).toContainElement(
      screen.getByText('body'),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Change Password' })).toBeInTheDocument();
  });
});
