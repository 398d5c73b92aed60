import { describe, expect, it } from 'vitest';
import { countryOf } from './row';

describe('countryOf', () => {
  it("takes an object's country_name, else its country, and text's last part", () => {
    expect(countryOf({ country_name: 'Japan', country: 'JP' })).toBe('Japan');
    expect(countryOf({ country_name: 'N/A', country: 'Portugal' })).toBe('Portugal');
    expect(countryOf({ city: 'Lisbon', country: 'N/A' })).toBe('N/A');
    expect(countryOf('Austin, Texas, United States')).toBe('United States');
    expect(countryOf('Paris')).toBe('Paris');
    expect(countryOf('Lisbon, Portugal, 38.7, -9.1')).toBe('Portugal');
    expect(countryOf('Lisbon, N/A')).toBe('Lisbon');
    expect(countryOf('')).toBe('N/A');
    expect(countryOf(undefined)).toBe('N/A');
    expect(countryOf(['Japan'])).toBe('N/A');
  });
});
