// The export's audit entry keeps the view but no address or typed text: the search and free-text answer
// filters only as keyed hashes, the choices, dates, countries, sort and zone as they were.
import { DEFAULT_SIGNUP_VIEW, type SignupView } from '@silk/schema/signup-view';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { auditAddressHash } from '../subscribers/erasure';
import { keyedHash } from '../shared/keyed-hash';
import { auditedView as auditedViewUnder, viewTextHash as viewTextHashUnder } from './audited-view';

const SECRET = 'audited-view-test-secret';
const auditedView = (view: SignupView) => auditedViewUnder(SECRET, view);
const viewTextHash = (text: string) => viewTextHashUnder(SECRET, text);

const view: SignupView = {
  ...DEFAULT_SIGNUP_VIEW,
  sort: { key: 'email', direction: 'asc' },
  search: '  Victim@Example.com ',
  answers: {
    travelFrequency: 'Monthly or more',
    excitedFeatures: 'Instant planning, AI price hunting',
    contentCreator: 'N/A',
    workEmail: 'ceo@victim-corp.example',
    biggestFrustration: 'my phone is +1 555 0100',
  },
  from: '2030-03-10',
  to: '2030-03-11',
  timeZone: 'Europe/Lisbon',
  countries: ['Portugal'],
  confirmed: 'confirmed',
};

describe('auditedView', () => {
  it('stores no address and no typed text, anywhere in the entry', () => {
    const stored = JSON.stringify(auditedView(view));
    expect(stored).not.toMatch(/@/);
    for (const text of ['victim', 'Victim', 'ceo', 'phone', '555']) expect(stored).not.toContain(text);
  });

  it('keeps the search as the keyed hash of the text it matches, the same hash the erasure names the address by', () => {
    expect(auditedView(view).searchHash).toBe(auditAddressHash(SECRET, 'victim@example.com'));
    expect(auditedView(view).searchHash).toBe(keyedHash(SECRET, 'audit', 'victim@example.com'));
    expect(viewTextHash('VICTIM@example.com ')).toBe(viewTextHash('victim@example.com'));
    expect(auditedView({ ...view, search: '   ' })).not.toHaveProperty('searchHash');
    expect(auditedView(view)).not.toHaveProperty('search');
  });

  it('hashes with the server secret: never the plain SHA-256, and another secret gives another hash', () => {
    const plain = (text: string) => createHash('sha256').update(text).digest('hex');
    const stored = auditedView(view);
    expect(stored.searchHash).not.toBe(plain('victim@example.com'));
    expect(stored.answerHashes?.workEmail).not.toBe(plain('ceo@victim-corp.example'));
    expect(auditedViewUnder('another-secret', view).searchHash).not.toBe(stored.searchHash);
    expect(() => auditedViewUnder('', view)).toThrow(/MAIL_TOKEN_SECRET/);
  });

  it('keeps choice answers, N/A, dates, countries, sort, zone and confirmation as they were; hashes the rest', () => {
    expect(auditedView(view)).toEqual({
      sort: { key: 'email', direction: 'asc' },
      answers: {
        travelFrequency: 'Monthly or more',
        excitedFeatures: 'Instant planning, AI price hunting',
        contentCreator: 'N/A',
      },
      answerHashes: {
        workEmail: viewTextHash('ceo@victim-corp.example'),
        biggestFrustration: viewTextHash('my phone is +1 555 0100'),
      },
      searchHash: viewTextHash('victim@example.com'),
      from: '2030-03-10',
      to: '2030-03-11',
      timeZone: 'Europe/Lisbon',
      countries: ['Portugal'],
      confirmed: 'confirmed',
      referred: 'all',
      hasReferrals: false,
      invite: 'all',
      source: null,
      campaign: null,
    });
  });

  it('hashes an answer to a choice question that is not one of its choices', () => {
    const stored = auditedView({ ...DEFAULT_SIGNUP_VIEW, answers: { travelFrequency: 'ana@example.com' } });
    expect(stored.answers).toEqual({});
    expect(stored.answerHashes).toEqual({ travelFrequency: viewTextHash('ana@example.com') });
    // A view with nothing typed is kept as it is, but for its empty search.
    const { search: _emptySearch, ...defaultWithoutSearch } = DEFAULT_SIGNUP_VIEW;
    expect(auditedView(DEFAULT_SIGNUP_VIEW)).toStrictEqual(defaultWithoutSearch);
  });
});
