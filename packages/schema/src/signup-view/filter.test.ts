import { describe, expect, it } from 'vitest';
import { isFilteredView, narrowsView, signupMatcher } from './filter';
import { ana, emails, fullView, rows, view } from './test-rows';
import { DEFAULT_SIGNUP_VIEW, type SignupView } from './view';

const matching = (change: Partial<SignupView>) => emails(rows.filter(signupMatcher(view(change))));

describe('signupMatcher', () => {
  it('keeps every row for the default view', () => {
    expect(matching({})).toEqual(emails(rows));
  });

  it('searches e-mail, location text and every answer, case-insensitively and trimmed', () => {
    expect(matching({ search: 'ANA@' })).toEqual(['ana@example.com']);
    expect(matching({ search: ' multi-city ' })).toEqual(['ana@example.com']);
    expect(matching({ search: 'texas' })).toEqual(['bo@example.com']);
    expect(matching({ search: 'lisbon' })).toEqual(['ana@example.com']);
    expect(matching({ search: 'perplexity' })).toEqual(['bo@example.com']);
    expect(matching({ search: 'monthly' })).toEqual(['cy@example.com', 'ana@example.com']);
    expect(matching({ search: 'nobody' })).toEqual([]);
  });

  it('filters by the displayed answer of each question, N/A for a blank one, all answers together', () => {
    expect(matching({ answers: { travelFrequency: 'Monthly or more' } })).toEqual([
      'cy@example.com',
      'ana@example.com',
    ]);
    expect(matching({ answers: { travelFrequency: 'Monthly or more', contentCreator: 'Yes' } })).toEqual([
      'ana@example.com',
    ]);
    // A stored 'N/A', a missing answer and a blank one are the same answer.
    expect(matching({ answers: { contentCreator: 'N/A' } })).toEqual([
      'cy@example.com',
      'bo@example.com',
      'dee@example.com',
    ]);
    expect(matching({ answers: { workEmail: 'N/A' } })).toEqual(emails(rows));
    expect(matching({ answers: { travelFrequency: 'monthly or more' } })).toEqual([]);
  });

  it('filters by source and by campaign, exactly; an empty filter keeps the rows without one', () => {
    expect(matching({ source: 'newsletter' })).toEqual(['bo@example.com', 'ana@example.com']);
    expect(matching({ source: 'newsletter', campaign: 'launch' })).toEqual(['ana@example.com']);
    expect(matching({ campaign: 'launch' })).toEqual(['cy@example.com', 'ana@example.com']);
    expect(matching({ source: '' })).toEqual(['dee@example.com']);
    expect(matching({ campaign: '' })).toEqual(['bo@example.com', 'dee@example.com']);
    expect(matching({ source: 'Newsletter' })).toEqual([]);
    expect(isFilteredView(view({ source: '' }))).toBe(true);
    expect(isFilteredView(view({ campaign: 'launch' }))).toBe(true);
  });

  it('filters by signup day, both ends inclusive, in UTC by default; undated rows never match a range', () => {
    expect(matching({ from: '2026-11-21' })).toEqual(['cy@example.com', 'bo@example.com']);
    expect(matching({ to: '2026-11-21' })).toEqual(['bo@example.com', 'ana@example.com']);
    expect(matching({ from: '2026-11-21', to: '2026-11-21' })).toEqual(['bo@example.com']);
    expect(matching({ from: '2026-11-23' })).toEqual([]);
    expect(matching({ from: '2026-11-22', to: '2026-11-20' })).toEqual([]);
  });

  it("reads the days in the view's time zone (the table shows local dates)", () => {
    // 23:30 UTC on the 21st is the 22nd in Tokyo (UTC+9); 00:10 UTC on the 22nd is the 21st in New York (UTC-5).
    expect(matching({ from: '2026-11-22', to: '2026-11-22', timeZone: 'Asia/Tokyo' })).toEqual([
      'cy@example.com',
      'bo@example.com',
    ]);
    expect(matching({ from: '2026-11-21', to: '2026-11-21', timeZone: 'America/New_York' })).toEqual([
      'cy@example.com',
      'bo@example.com',
    ]);
  });

  it('filters by country (any of those chosen) and by confirmation', () => {
    expect(matching({ countries: ['Japan'] })).toEqual(['cy@example.com']);
    expect(matching({ countries: ['Japan', 'Portugal'] })).toEqual(['cy@example.com', 'ana@example.com']);
    expect(matching({ countries: ['N/A'] })).toEqual(['dee@example.com']);
    expect(matching({ confirmed: 'confirmed' })).toEqual(['ana@example.com']);
    expect(matching({ confirmed: 'unconfirmed' })).toEqual([
      'cy@example.com',
      'bo@example.com',
      'dee@example.com',
    ]);
  });

  it('filters by referral: referred or not (referredBy recorded), and subscribers with confirmed referrals', () => {
    expect(matching({ referred: 'referred' })).toEqual(['cy@example.com', 'bo@example.com']);
    expect(matching({ referred: 'not-referred' })).toEqual(['ana@example.com', 'dee@example.com']);
    expect(matching({ hasReferrals: true })).toEqual(['ana@example.com']);
    expect(matching({ referred: 'referred', hasReferrals: true })).toEqual([]);
    // A blank referrer, a count that is not a positive number: neither referred nor a referrer.
    const odd = { id: 'odd@example.com', email: 'odd@example.com', referredBy: '', confirmedReferrals: '3' };
    expect(signupMatcher(view({ referred: 'referred' }))(odd)).toBe(false);
    expect(signupMatcher(view({ hasReferrals: true }))(odd)).toBe(false);
    expect(signupMatcher(view({ hasReferrals: true }))({ ...odd, confirmedReferrals: -1 })).toBe(false);
  });

  it('filters by invite status; a signup without one is waiting, an unknown one too', () => {
    expect(matching({ invite: 'invited' })).toEqual(['ana@example.com']);
    expect(matching({ invite: 'joined' })).toEqual(['cy@example.com']);
    expect(matching({ invite: 'waiting' })).toEqual(['bo@example.com', 'dee@example.com']);
    expect(matching({ invite: 'expired' })).toEqual([]);
    const odd = { id: 'odd@example.com', email: 'odd@example.com', inviteStatus: 'maybe' };
    expect(signupMatcher(view({ invite: 'waiting' }))(odd)).toBe(true);
  });

  it('combines search and every filter', () => {
    expect(
      matching({
        search: 'example',
        answers: { travelFrequency: 'Monthly or more' },
        from: '2026-11-20',
        to: '2026-11-20',
      }),
    ).toEqual(['ana@example.com']);
  });

  it('follows a row replaced by a new object (its cached text is per object)', () => {
    const match = signupMatcher(view({ search: 'berlin' }));
    expect(match(ana)).toBe(false);
    expect(match({ ...ana, location: 'Berlin, Germany' })).toBe(true);
  });
});

describe('isFilteredView', () => {
  it('tells a filtering view from a sort alone', () => {
    expect(isFilteredView(DEFAULT_SIGNUP_VIEW)).toBe(false);
    expect(isFilteredView(view({ sort: { key: 'email', direction: 'asc' }, search: '  ' }))).toBe(false);
    expect(isFilteredView(view({ search: 'a' }))).toBe(true);
    expect(isFilteredView(view({ answers: { socialMedia: 'N/A' } }))).toBe(true);
    expect(isFilteredView(view({ to: '2026-01-01' }))).toBe(true);
    expect(isFilteredView(view({ countries: ['Japan'] }))).toBe(true);
    expect(isFilteredView(view({ confirmed: 'confirmed' }))).toBe(true);
    expect(isFilteredView(view({ referred: 'not-referred' }))).toBe(true);
    expect(isFilteredView(view({ hasReferrals: true }))).toBe(true);
    expect(isFilteredView(view({ invite: 'waiting' }))).toBe(true);
    expect(isFilteredView(fullView)).toBe(true);
  });
});

describe('narrowsView', () => {
  it('holds when the search types on (or is re-cased) and every filter stays', () => {
    expect(narrowsView(view({ search: 'ma' }), view({ search: 'mar' }))).toBe(true);
    expect(narrowsView(view({ search: 'Mar' }), view({ search: ' xmaria ' }))).toBe(true);
    expect(
      narrowsView(view({ search: '' }), view({ search: 'a', sort: { key: 'email', direction: 'asc' } })),
    ).toBe(true);
  });

  it('fails when the search is shortened or replaced, or any filter changes', () => {
    expect(narrowsView(view({ search: 'mar' }), view({ search: 'ma' }))).toBe(false);
    expect(narrowsView(view({ search: 'mar' }), view({ search: 'lis' }))).toBe(false);
    expect(narrowsView(view({ search: 'ma' }), view({ search: 'mar', confirmed: 'confirmed' }))).toBe(false);
    expect(narrowsView(view({ search: 'ma', countries: ['Portugal'] }), view({ search: 'mar' }))).toBe(false);
    expect(narrowsView(view({ search: 'ma' }), view({ search: 'mar', referred: 'referred' }))).toBe(false);
    expect(narrowsView(view({ search: 'ma', hasReferrals: true }), view({ search: 'mar' }))).toBe(false);
  });

  it('leaves exactly the rows a full filter leaves, when it holds', () => {
    const rows = [
      { id: 'a', email: 'maria@example.com' },
      { id: 'b', email: 'mario@example.com' },
      { id: 'c', email: 'ana@example.com' },
    ];
    const first = view({ search: 'mar' });
    const next = view({ search: 'maria' });
    expect(narrowsView(first, next)).toBe(true);
    const narrowed = rows.filter(signupMatcher(first)).filter(signupMatcher(next));
    expect(narrowed).toEqual(rows.filter(signupMatcher(next)));
  });
});
