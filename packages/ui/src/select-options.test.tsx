import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectOptions } from './select-options';

describe('SelectOptions', () => {
  it('gives the select one option per entry, in order, with its value and label', () => {
    render(
      <select aria-label="Role" defaultValue="staff">
        <SelectOptions
          options={[
            { value: '', label: 'All roles' },
            { value: 'staff', label: 'Staff' },
          ]}
        />
      </select>,
    );
    const options = within(screen.getByRole('combobox', { name: 'Role' })).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'All roles'],
      ['staff', 'Staff'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('staff');
  });
});
