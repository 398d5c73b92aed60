// Reading what a component test renders: the texts of a part's elements of one role, a table's rows.
import type { ByRoleMatcher } from '@testing-library/dom';
import { within } from '@testing-library/react';

/** The text of each element of `role` inside `container`, in document order. */
export function textsByRole(container: HTMLElement, role: ByRoleMatcher): (string | null)[] {
  return within(container)
    .getAllByRole(role)
    .map((element) => element.textContent);
}

/** The texts of each body row's cells inside `container` (its first row, the header, left out). */
export function bodyRows(container: HTMLElement): (string | null)[][] {
  return within(container)
    .getAllByRole('row')
    .slice(1)
    .map((row) => textsByRole(row, 'cell'));
}
