import { describe, expect, it } from 'vitest';
import { formatPeriod, formatShare, isoDay, niceTicks, truncate } from './chart-scale';

describe('chart scale', () => {
  it('puts round ticks from 0 to at least the largest count', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('names days and ISO weeks by their UTC date', () => {
    const monday = Date.parse('2026-11-16T00:00:00Z');
    expect(formatPeriod(monday, 'day')).toBe('Nov 16, 2026');
    expect(formatPeriod(monday, 'week')).toBe('Week of Nov 16, 2026');
    expect(isoDay(monday)).toBe('2026-11-16');
  });

  it('formats shares and cuts long labels', () => {
    expect(formatShare(1, 3)).toBe('33.3%');
    expect(formatShare(0, 0)).toBe('0%');
    expect(truncate('Short', 10)).toBe('Short');
    expect(truncate('A rather long answer', 10)).toBe('A rather…');
  });
});
