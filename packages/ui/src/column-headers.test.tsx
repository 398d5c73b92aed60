import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ColumnHeaders } from './column-headers';

describe('ColumnHeaders', () => {
  it('gives the table one column header per name, in order', () => {
    render(
      <table aria-label="People">
        <ColumnHeaders columns={['Name', 'Role']} />
      </table>,
    );
    const headers = within(screen.getByRole('table', { name: 'People' })).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Role']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
  });
});
