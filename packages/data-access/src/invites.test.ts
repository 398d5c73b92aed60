import { describe, expect, it } from 'vitest';
import { parseDripSettings, parseInviteHistoryEntry, parseInviteWave } from './invites';

describe('parseInviteWave', () => {
  it('keeps a stored wave as written', () => {
    const stored = {
      target: { kind: 'view', query: 'status=confirmed' },
      includeUnconfirmed: true,
      origin: 'drip',
      createdBy: 'drip',
      createdAt: 5,
      state: 'done',
      total: 10,
      invited: 10,
      finishedAt: 9,
    };
    expect(parseInviteWave('w1', stored)).toEqual({ id: 'w1', ...stored });
  });

  it('reads counts and times that are not numbers as 0, a target that is not a view as the next 0', () => {
    expect(parseInviteWave('w2', { target: 'all', state: 'running', invited: 'x' })).toEqual({
      id: 'w2',
      target: { kind: 'next', count: 0 },
      createdBy: '',
      createdAt: 0,
      state: 'running',
      total: 0,
      invited: 0,
    });
  });
});

describe('parseDripSettings', () => {
  it('is a paused drip without a document', () => {
    expect(parseDripSettings(undefined)).toEqual({ enabled: false, perDay: 0, hourUtc: 9 });
    expect(parseDripSettings({ enabled: true, perDay: 5, hourUtc: 0 })).toEqual({
      enabled: true,
      perDay: 5,
      hourUtc: 0,
    });
  });

  it('reads the stored settings and drops an impossible hour', () => {
    expect(parseDripSettings({ enabled: true, perDay: 50, hourUtc: 14, lastRunAt: 3 })).toEqual({
      enabled: true,
      perDay: 50,
      hourUtc: 14,
      lastRunAt: 3,
    });
    expect(parseDripSettings({ enabled: 'yes', perDay: 'many', hourUtc: 24 })).toEqual({
      enabled: false,
      perDay: 0,
      hourUtc: 9,
    });
  });
});

describe('parseInviteHistoryEntry', () => {
  it('keeps an entry and drops one of an unknown status', () => {
    const stored = { email: 'a@example.com', status: 'joined', at: 4, by: 'invitee', waveId: 'w' };
    expect(parseInviteHistoryEntry(stored)).toEqual(stored);
    expect(parseInviteHistoryEntry({ email: 'a@example.com', status: 'sent', at: 4 })).toBeNull();
  });
});
