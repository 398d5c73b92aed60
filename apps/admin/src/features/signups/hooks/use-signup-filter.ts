import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { useMemo, useState } from 'react';

/** Which signups the table shows: all, or by whether the address was confirmed by its e-mail link. */
export const SIGNUP_FILTERS = [
  { value: 'all', label: 'All signups' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'unconfirmed', label: 'Unconfirmed' },
] as const;

export type SignupFilter = (typeof SIGNUP_FILTERS)[number]['value'];

/** Confirmed: the server recorded `confirmedAt` when the "Confirm my spot" link was followed. */
export function isConfirmed(row: WaitlistSignupRow): boolean {
  return row.confirmedAt !== undefined && row.confirmedAt !== null;
}

export interface FilteredSignups {
  filter: SignupFilter;
  setFilter: (filter: SignupFilter) => void;
  /** The rows the table shows (null while loading). */
  rows: WaitlistSignupRow[] | null;
  /** Confirmed signups among all of them (null while loading). */
  confirmed: number | null;
}

/** The filter's state and what it leaves of the live list; the unfiltered list passes through as it is. */
export function useSignupFilter(signups: WaitlistSignupRow[] | null): FilteredSignups {
  const [filter, setFilter] = useState<SignupFilter>('all');
  const confirmedRows = useMemo(() => signups?.filter(isConfirmed) ?? null, [signups]);
  const rows = useMemo(() => {
    if (signups === null || filter === 'all') return signups;
    if (filter === 'confirmed') return confirmedRows;
    return signups.filter((row) => !isConfirmed(row));
  }, [signups, confirmedRows, filter]);
  return { filter, setFilter, rows, confirmed: confirmedRows?.length ?? null };
}
