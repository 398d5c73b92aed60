import { describe, expect, it } from 'vitest';
import { answerOptions, countryOptions } from './options';
import { rows } from './test-rows';

describe('filter options', () => {
  it("lists each question's answers present in the rows, most frequent first, N/A included", () => {
    const options = answerOptions(rows);
    expect(options.travelFrequency).toEqual([
      { value: 'Monthly or more', count: 2 },
      { value: 'N/A', count: 1 },
      { value: 'Once a year', count: 1 },
    ]);
    expect(options.workEmail).toEqual([{ value: 'N/A', count: 4 }]);
  });

  it('lists the countries alphabetically with N/A last', () => {
    expect(countryOptions(rows)).toEqual([
      { value: 'Japan', count: 1 },
      { value: 'Portugal', count: 1 },
      { value: 'United States', count: 1 },
      { value: 'N/A', count: 1 },
    ]);
  });
});
