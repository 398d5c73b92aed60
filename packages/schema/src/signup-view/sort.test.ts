import { describe, expect, it } from 'vitest';
import { nextSort, signupComparator, sortSignups } from './sort';
import { emails, rows } from './test-rows';

describe('sorting', () => {
  it('keeps the list as it is without a sort, and for newest first', () => {
    expect(sortSignups(rows, null)).toBe(rows);
    expect(sortSignups(rows, { key: 'timestamp', direction: 'desc' })).toBe(rows);
  });

  // Text case-insensitively, N/A last in both directions; the signup date oldest first, undated last.
  const fruits = [
    { email: 'b@x.co', socialMedia: 'Banana' },
    { email: 'a@x.co', socialMedia: 'cherry' },
    { email: 'c@x.co' },
    { email: 'd@x.co', socialMedia: 'apple' },
  ];
  it.each([
    { list: fruits, key: 'socialMedia', direction: 'asc', order: ['d@x.co', 'b@x.co', 'a@x.co', 'c@x.co'] },
    { list: fruits, key: 'socialMedia', direction: 'desc', order: ['a@x.co', 'b@x.co', 'd@x.co', 'c@x.co'] },
    {
      list: rows,
      key: 'timestamp',
      direction: 'asc',
      order: ['ana@example.com', 'bo@example.com', 'cy@example.com', 'dee@example.com'],
    },
    {
      list: rows,
      key: 'location',
      direction: 'asc',
      order: ['bo@example.com', 'ana@example.com', 'cy@example.com', 'dee@example.com'],
    },
  ] as const)('sorts by $key, $direction', ({ list, key, direction, order }) => {
    expect(emails(sortSignups([...list], { key, direction }))).toEqual(order);
  });

  it('keeps ties in the list order (stable) and agrees with the comparator', () => {
    const sort = { key: 'travelFrequency', direction: 'asc' } as const;
    const sorted = sortSignups(rows, sort);
    expect(emails(sorted)).toEqual([
      'cy@example.com',
      'ana@example.com',
      'bo@example.com',
      'dee@example.com',
    ]);
    expect(emails([...rows].sort(signupComparator(sort)))).toEqual(emails(sorted));
  });

  it('toggles a sorted column and starts another ascending; newest first is the default', () => {
    expect(nextSort(null, 'email')).toEqual({ key: 'email', direction: 'asc' });
    expect(nextSort({ key: 'email', direction: 'asc' }, 'email')).toEqual({
      key: 'email',
      direction: 'desc',
    });
    expect(nextSort({ key: 'email', direction: 'desc' }, 'email')).toEqual({
      key: 'email',
      direction: 'asc',
    });
    expect(nextSort(null, 'timestamp')).toEqual({ key: 'timestamp', direction: 'asc' });
    expect(nextSort({ key: 'timestamp', direction: 'asc' }, 'timestamp')).toBeNull();
  });
});
