// The view through its public entry, as the filtered export receives it (the request schema, api.ts).
import { describe, expect, it } from 'vitest';
import { exportWaitlistRequestSchema, signupViewSchema } from './api';
import { filteredSpreadsheetFileName } from './formatters';
import { INVALID_SIGNUP_VIEW } from './messages';
import { DEFAULT_SIGNUP_VIEW } from './signup-view';

describe('the view as the export receives it', () => {
  it('accepts a full view, and no view at all (the whole list)', () => {
    expect(signupViewSchema.parse(DEFAULT_SIGNUP_VIEW)).toEqual(DEFAULT_SIGNUP_VIEW);
    expect(exportWaitlistRequestSchema.parse({ token: 't' })).toEqual({ view: undefined });
    const request = exportWaitlistRequestSchema.parse({
      token: 't',
      view: { ...DEFAULT_SIGNUP_VIEW, answers: { travelFrequency: 'Once a year' }, from: '2026-01-01' },
    });
    expect(request.view?.answers).toEqual({ travelFrequency: 'Once a year' });
  });

  it.each([
    ['not an object', 'everything'],
    ['a missing setting', { ...DEFAULT_SIGNUP_VIEW, confirmed: undefined }],
    ['an unknown setting', { ...DEFAULT_SIGNUP_VIEW, limit: 5 }],
    ['an unknown column', { ...DEFAULT_SIGNUP_VIEW, sort: { key: 'password', direction: 'asc' } }],
    ['an unknown question', { ...DEFAULT_SIGNUP_VIEW, answers: { password: 'x' } }],
    ['an impossible day', { ...DEFAULT_SIGNUP_VIEW, from: '2026-02-30' }],
    ['an unknown time zone', { ...DEFAULT_SIGNUP_VIEW, timeZone: 'Mars/Olympus' }],
    ['an over-long search', { ...DEFAULT_SIGNUP_VIEW, search: 'x'.repeat(2001) }],
  ])('refuses %s with the view message', (_, bad) => {
    const result = exportWaitlistRequestSchema.safeParse({ token: 't', view: bad });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVALID_SIGNUP_VIEW);
  });

  it('names the filtered file after the full one', () => {
    expect(filteredSpreadsheetFileName(new Date(Date.UTC(2026, 10, 23, 23, 59)))).toBe(
      'waitlist_signups_2026-11-23_filtered.xlsx',
    );
  });
});
