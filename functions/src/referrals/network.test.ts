import { describe, expect, it } from 'vitest';
import { networkOf } from './network';

describe('networkOf', () => {
  it('puts an IPv4 address in its /24', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.250')).toBe(networkOf('203.0.113.1'));
    expect(networkOf('203.0.114.7')).not.toBe(networkOf('203.0.113.7'));
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
  });

  it('puts an IPv6 address in its /48, however it is written', () => {
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:0db8:ABCD:ffff:0:0:0:9')).toBe('2001:db8:abcd::/48');
    expect(networkOf('[2001:db8::1]')).toBe('2001:db8:0::/48');
    expect(networkOf('2001:db8:abce::1')).not.toBe(networkOf('2001:db8:abcd::1'));
  });

  it('knows no network of a missing or malformed address', () => {
    for (const value of [
      undefined,
      null,
      '',
      'N/A',
      'unknown',
      '1.2.3',
      '300.1.1.1',
      '1:2:3',
      'g::1',
      '1::2::3',
    ]) {
      expect(networkOf(value)).toBeNull();
    }
  });
});
