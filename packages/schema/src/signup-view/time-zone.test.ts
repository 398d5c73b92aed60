import { describe, expect, it } from 'vitest';
import { dayStart } from './time-zone';

describe('dayStart', () => {
  it('finds the start of a day across a daylight-saving change', () => {
    expect(new Date(dayStart('2026-03-29', 'Europe/Lisbon')).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(new Date(dayStart('2026-03-30', 'Europe/Lisbon')).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(new Date(dayStart('2026-11-01', 'America/Los_Angeles')).toISOString()).toBe(
      '2026-11-01T07:00:00.000Z',
    );
    expect(new Date(dayStart('2026-11-02', 'America/Los_Angeles')).toISOString()).toBe(
      '2026-11-02T08:00:00.000Z',
    );
  });
});
