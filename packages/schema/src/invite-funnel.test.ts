import { describe, expect, it } from 'vitest';
import { inviteFunnels, UNKNOWN_WAVE } from './invite-funnel';

const HOUR = 3_600_000;
const row = (email: string, extra: Record<string, unknown>) => ({ id: email, email, ...extra });

describe('inviteFunnels', () => {
  it('counts each wave and all of them; waiting rows are not in the funnel', () => {
    const rows = [
      row('a@example.com', {
        inviteStatus: 'joined',
        inviteWave: 'w2',
        invitedAt: 10 * HOUR,
        joinedAt: 13 * HOUR,
      }),
      row('b@example.com', { inviteStatus: 'invited', inviteWave: 'w2', invitedAt: 10 * HOUR }),
      row('c@example.com', {
        inviteStatus: 'joined',
        inviteWave: 'w1',
        invitedAt: 1 * HOUR,
        joinedAt: 2 * HOUR,
      }),
      row('d@example.com', { inviteStatus: 'expired', inviteWave: 'w1', invitedAt: 1 * HOUR }),
      row('e@example.com', { inviteStatus: 'declined', inviteWave: 'w1', invitedAt: 2 * HOUR }),
      row('f@example.com', {
        inviteStatus: 'joined',
        inviteWave: 'w2',
        invitedAt: 11 * HOUR,
        joinedAt: 16 * HOUR,
      }),
      row('g@example.com', {}),
      row('h@example.com', { inviteStatus: 'waiting' }),
    ];
    const { overall, waves } = inviteFunnels(rows);
    expect(overall).toEqual({ invited: 6, joined: 3, expired: 1, declined: 1, medianTimeToJoinMs: 3 * HOUR });
    expect(waves).toEqual([
      {
        waveId: 'w1',
        firstInvitedAt: HOUR,
        invited: 3,
        joined: 1,
        expired: 1,
        declined: 1,
        medianTimeToJoinMs: HOUR,
      },
      {
        waveId: 'w2',
        firstInvitedAt: 10 * HOUR,
        invited: 3,
        joined: 2,
        expired: 0,
        declined: 0,
        medianTimeToJoinMs: 4 * HOUR,
      },
    ]);
  });

  it('has no time to join without a joined row with both times; a row without a wave is in an unknown wave', () => {
    const { overall, waves } = inviteFunnels([
      row('a@example.com', { inviteStatus: 'joined' }),
      row('b@example.com', { inviteStatus: 'joined', inviteWave: 'w', invitedAt: 5, joinedAt: 'soon' }),
    ]);
    expect(overall.medianTimeToJoinMs).toBeNull();
    expect(overall.joined).toBe(2);
    expect(waves.map(({ waveId }) => waveId)).toEqual(['w', UNKNOWN_WAVE]);
  });

  it('is empty without invitations', () => {
    expect(inviteFunnels([row('a@example.com', {})])).toEqual({
      overall: { invited: 0, joined: 0, expired: 0, declined: 0, medianTimeToJoinMs: null },
      waves: [],
    });
  });
});
