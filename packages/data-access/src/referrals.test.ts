import { DEFAULT_RANKING_RULE } from '@silk/schema/referrals';
import { describe, expect, it } from 'vitest';
import { parseRankingSettings, parseReferralRecord } from './referrals';

describe('parseReferralRecord', () => {
  it('keeps a stored record as written', () => {
    const record = {
      referred: 'bo@example.com',
      referrer: 'ana@example.com',
      code: 'abcd2345',
      status: 'withheld',
      reason: 'network-burst',
      network: '203.0.113.0/24',
      createdAt: 1,
      confirmedAt: 2,
    };
    expect(parseReferralRecord('bo@example.com', record)).toEqual({
      referred: 'bo@example.com',
      referrer: 'ana@example.com',
      code: 'abcd2345',
      status: 'withheld',
      reason: 'network-burst',
      createdAt: 1,
      confirmedAt: 2,
    });
  });

  it('leaves out what is missing or malformed; the address falls back to the document id', () => {
    expect(
      parseReferralRecord('bo@example.com', {
        status: 'lost',
        reason: 'bad',
        createdAt: 'x',
        confirmedAt: null,
      }),
    ).toEqual({
      referred: 'bo@example.com',
      referrer: '',
      code: '',
      status: 'pending',
      createdAt: 0,
    });
  });
});

describe('parseRankingSettings', () => {
  it('is the default rule at version 0 without a document', () => {
    expect(parseRankingSettings(undefined)).toEqual({ rule: DEFAULT_RANKING_RULE, version: 0 });
  });

  it('reads the rule and a re-rank in progress', () => {
    const stored = {
      rule: { kind: 'referrals' },
      version: 3,
      updatedAt: 10,
      updatedBy: 'ana@silk.travel',
      rerank: {
        rule: { kind: 'skip', places: 5 },
        version: 4,
        state: 'running',
        done: 10,
        total: 100,
        startedAt: 9,
      },
    };
    expect(parseRankingSettings(stored)).toEqual(stored);
  });

  it('falls back to the default for an unknown or invalid rule, and drops a malformed re-rank', () => {
    expect(parseRankingSettings({ rule: { kind: 'skip', places: 0 }, version: 1 }).rule).toEqual(
      DEFAULT_RANKING_RULE,
    );
    expect(parseRankingSettings({ rule: { kind: 'lottery' }, version: 1 }).rule).toEqual(
      DEFAULT_RANKING_RULE,
    );
    expect(parseRankingSettings({ rule: { kind: 'referrals' }, rerank: { state: 'running' } })).toEqual({
      rule: { kind: 'referrals' },
      version: 0,
    });
  });
});
