import { describe, expect, it } from 'vitest';
import { answerOptions, attributionOptions, countryOptions } from './options';
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

  it("lists the sources and campaigns present, most frequent first, '' standing for the rows without one", () => {
    expect(attributionOptions(rows, 'utmSource')).toEqual([
      { value: 'newsletter', count: 2 },
      { value: '', count: 1 },
      { value: 'podcast', count: 1 },
    ]);
    expect(attributionOptions(rows, 'utmCampaign')).toEqual([
      { value: '', count: 2 },
      { value: 'launch', count: 2 },
    ]);
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
