import { describe, expect, it } from 'vitest';
import { feedbackValues } from './waitlist';

describe('feedback values (PRODUCT.md#data: blanks stored as N/A)', () => {
  it("trims values and stores 'N/A' for blank or missing fields", () => {
    expect(
      feedbackValues({ travelFrequency: ' Monthly or more ', workEmail: '   ', socialMedia: '' }),
    ).toEqual({
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
