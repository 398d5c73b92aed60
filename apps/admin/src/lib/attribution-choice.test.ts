import { describe, expect, it } from 'vitest';
import { attributionOptionValue, chosenAttribution, selectedAttribution } from './attribution-choice';

describe('an attribution filter in a select', () => {
  it.each([
    [null, ''],
    ['', attributionOptionValue('')],
    ['newsletter', 'newsletter'],
  ])('keeps %j through the select', (value, selected) => {
    expect(selectedAttribution(value)).toBe(selected);
    expect(chosenAttribution(selected)).toBe(value);
  });

  it('gives the signups without a source an option value no source has', () => {
    expect(attributionOptionValue('')).not.toBe('');
    expect(attributionOptionValue('(none)')).toBe('(none)');
  });
});
