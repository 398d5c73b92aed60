import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_FIELDS,
  feedbackQuestion,
  fieldsWrittenBy,
  SIGNUP_COLUMN_ORDER,
  SIGNUP_COLUMN_SPECS,
  SIGNUP_FIELDS,
  SIGNUP_VIEW_FIELDS,
} from './signup-fields';

/** The attribution fields, in the registry's order. */
const ATTRIBUTION_KEYS = [
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'referrerHost',
  'landingPath',
];

describe('the signup fields registry', () => {
  it('names each field once', () => {
    const keys = SIGNUP_FIELDS.map((field) => field.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('orders every field that has a column, and only those', () => {
    const withColumn = SIGNUP_FIELDS.filter((field) => 'column' in field).map((field) => field.key);
    expect([...SIGNUP_COLUMN_ORDER].sort()).toEqual([...withColumn].sort());
    expect(new Set(SIGNUP_COLUMN_ORDER).size).toBe(SIGNUP_COLUMN_ORDER.length);
  });

  it('gives the table and the spreadsheet their 12 columns, headers and widths', () => {
    expect(
      SIGNUP_COLUMN_SPECS.map(({ key, header, width, sheetWidth }) => [key, header, width, sheetWidth]),
    ).toEqual([
      ['email', 'Email', 260, 32],
      ['workEmail', 'Work Email', 220, 28],
      ['travelFrequency', 'Travel Frequency', 160, 20],
      ['biggestFrustration', 'Biggest Frustration', 260, 40],
      ['contentCreator', 'Content Creator', 140, 20],
      ['aiTool', 'AI Tool', 120, 20],
      ['excitedFeatures', 'Excited Features', 240, 36],
      ['suggestionsFeedback', 'Suggestions/Feedback', 260, 40],
      ['socialMedia', 'Social Media', 160, 20],
      ['ip', 'IP Address', 140, 16],
      ['location', 'Approximate Location', 240, 40],
      ['timestamp', 'Signup Date', 200, 22],
    ]);
  });

  it('lists the feedback answers in form order, each with its input, choices and chart', () => {
    expect(
      FEEDBACK_FIELDS.map((field) => [field, feedbackQuestion(field).input, feedbackQuestion(field).chart]),
    ).toEqual([
      ['travelFrequency', 'select', 'single'],
      ['biggestFrustration', 'text', 'single'],
      ['workEmail', 'email', 'domain'],
      ['contentCreator', 'radio', 'single'],
      ['excitedFeatures', 'checkbox', 'multiple'],
      ['suggestionsFeedback', 'textarea', 'single'],
      ['socialMedia', 'text', 'presence'],
    ]);
    expect(feedbackQuestion('travelFrequency').choices).toEqual([
      'Once a year or less',
      '2–3 times a year',
      '4–6 times a year',
      'Monthly or more',
    ]);
    expect(feedbackQuestion('contentCreator').choices).toEqual(['Yes', 'No', 'Sometimes']);
    expect(feedbackQuestion('excitedFeatures').choices).toHaveLength(6);
  });

  it('gives every visitor-written field a check, and a limit to every text', () => {
    const visitor = [...fieldsWrittenBy('join'), ...fieldsWrittenBy('feedback')];
    for (const field of visitor) {
      expect(field.check, field.key).toBeDefined();
      if (field.check === 'text' || field.check === 'id' || field.check === 'pattern')
        expect(field.maxLength, field.key).toBeGreaterThan(0);
      if (field.check === 'pattern') expect(() => new RegExp(field.pattern ?? ''), field.key).not.toThrow();
    }
    for (const field of fieldsWrittenBy('server')) {
      if (!field.writtenBy.includes('join')) expect(field.check, field.key).toBeUndefined();
    }
    expect(fieldsWrittenBy('join').map((field) => field.key)).toEqual([
      'email',
      'source',
      'ip',
      'location',
      'timestamp',
      'updatedAt',
      'editKeyHash',
      ...ATTRIBUTION_KEYS,
    ]);
  });

  it('has the export read the columns and the fields of the attribution, confirmed, referral, invite, import and suppression views', () => {
    expect(SIGNUP_VIEW_FIELDS).toEqual([
      ...SIGNUP_COLUMN_ORDER,
      ...ATTRIBUTION_KEYS,
      'confirmedAt',
      'referredBy',
      'confirmedReferrals',
      'inviteStatus',
      'inviteWave',
      'invitedAt',
      'joinedAt',
      'importId',
      'suppressedReason',
      'suppressedAt',
    ]);
  });

  it('imports nothing (no zod, Firebase or React in the panel or the site through it)', () => {
    const source = readFileSync(new URL('./signup-fields.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import /m);
  });
});
