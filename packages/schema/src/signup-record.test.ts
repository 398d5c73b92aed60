import { describe, expect, it } from 'vitest';
import { LISBON } from './locations.cases';
import { landingRecord, UNKNOWN_LOCATION } from './signup-record';

describe('landingRecord', () => {
  it('is the landing fields with the normalised address and the caller’s time on both stamps', () => {
    let calls = 0;
    const record = landingRecord(
      { email: '  Ana@Example.COM ', ip: '203.0.113.7', location: LISBON },
      () => `t${++calls}`,
    );
    expect(record).toEqual({
      email: 'ana@example.com',
      source: 'Homepage Hero',
      ip: '203.0.113.7',
      location: LISBON,
      timestamp: 't1',
      updatedAt: 't2',
    });
    expect(Object.keys(record)).toEqual(['email', 'source', 'ip', 'location', 'timestamp', 'updatedAt']);
  });

  it("writes 'N/A' for an unknown address and every part of an unknown location", () => {
    const at = new Date('2026-11-21T10:00:00Z');
    expect(landingRecord({ email: 'a@b.co', ip: null }, () => at)).toMatchObject({
      ip: 'N/A',
      location: {
        city: 'N/A',
        region: 'N/A',
        country: 'N/A',
        country_code: 'N/A',
        latitude: 'N/A',
        longitude: 'N/A',
      },
      timestamp: at,
      updatedAt: at,
    });
    expect(landingRecord({ email: 'a@b.co', ip: '' }, () => at).ip).toBe('N/A');
    expect(landingRecord({ email: 'a@b.co' }, () => at).location).toBe(UNKNOWN_LOCATION);
  });

  it("carries the hash of the session's edit key when one is given, and none otherwise (never a key)", () => {
    const hash = 'a'.repeat(64);
    expect(landingRecord({ email: 'a@b.co', editKeyHash: hash }, () => 0).editKeyHash).toBe(hash);
    expect('editKeyHash' in landingRecord({ email: 'a@b.co', editKeyHash: null }, () => 0)).toBe(false);
    expect('editKey' in landingRecord({ email: 'a@b.co', editKeyHash: hash }, () => 0)).toBe(false);
  });
});
