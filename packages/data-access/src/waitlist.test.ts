import { FEEDBACK_FIELDS } from '@silk/schema/entities';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_FIELD_NAMES, feedbackValues } from './waitlist';

describe('feedback values (SPEC §3: blanks stored as N/A)', () => {
  it('lists exactly the schema feedback fields', () => {
    expect([...FEEDBACK_FIELD_NAMES].sort()).toEqual([...FEEDBACK_FIELDS].sort());
  });

  it("trims values and stores 'N/A' for blank or missing fields", () => {
    expect(feedbackValues({ travelFrequency: ' Monthly or more ', workEmail: '   ', socialMedia: '' })).toEqual({
      travelFrequency: 'Monthly or more',
      biggestFrustration: 'N/A',
      workEmail: 'N/A',
      contentCreator: 'N/A',
      excitedFeatures: 'N/A',
      suggestionsFeedback: 'N/A',
      socialMedia: 'N/A',
    });
  });
});
