import { describe, expect, it } from 'vitest';
import { dripDue } from './drip';

const at = (day: number, hour: number) => Date.UTC(2030, 0, day, hour, 0);

describe('dripDue', () => {
  it('is due at or after its hour (UTC), once a day, only while enabled', () => {
    const settings = { enabled: true, perDay: 10, hourUtc: 9 };
    expect(dripDue(settings, at(1, 8))).toBe(false);
    expect(dripDue(settings, at(1, 9))).toBe(true);
    expect(dripDue(settings, at(1, 23))).toBe(true);
    expect(dripDue({ ...settings, lastRunAt: at(1, 9) }, at(1, 15))).toBe(false);
    expect(dripDue({ ...settings, lastRunAt: at(1, 9) }, at(2, 9))).toBe(true);
    expect(dripDue({ ...settings, enabled: false }, at(1, 10))).toBe(false);
    expect(dripDue(undefined, at(1, 10))).toBe(false);
  });
});
