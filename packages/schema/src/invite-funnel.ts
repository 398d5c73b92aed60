// The invitation funnel — invited, joined, expired, declined and the median time to join — per wave and
// overall, worked out from the signups' own fields (inviteStatus, inviteWave, invitedAt, joinedAt), so
// Insights and the export's Invitations worksheet count the rows they show, a filtered view's included.
import type { InviteFunnel } from './invites';
import { fields, inviteStatusOf, type Row } from './signup-view/row';

export interface WaveFunnel extends InviteFunnel {
  waveId: string;
  /** The earliest invitation of the wave among the rows (ms), null when none is recorded. */
  firstInvitedAt: number | null;
}

export interface InviteFunnels {
  overall: InviteFunnel;
  /** Oldest wave first (by its first invitation). */
  waves: WaveFunnel[];
}

/** A wave id for signups invited without one recorded. */
export const UNKNOWN_WAVE = '(unknown)';

interface Tally {
  invited: number;
  joined: number;
  expired: number;
  declined: number;
  joinTimes: number[];
  firstInvitedAt: number | null;
}

const emptyTally = (): Tally => ({
  invited: 0,
  joined: 0,
  expired: 0,
  declined: 0,
  joinTimes: [],
  firstInvitedAt: null,
});

function millis(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.getTime();
  return null;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const upper = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const lower = sorted[Math.ceil(sorted.length / 2) - 1] ?? 0;
  return (lower + upper) / 2;
}

function funnelOf({ invited, joined, expired, declined, joinTimes }: Tally): InviteFunnel {
  return { invited, joined, expired, declined, medianTimeToJoinMs: median(joinTimes) };
}

/** Counts rows one at a time (the export streams its pages through it); `result()` reads the funnels. */
export function inviteFunnelCounter(): { add: (row: Row) => void; result: () => InviteFunnels } {
  const overall = emptyTally();
  const waves = new Map<string, Tally>();
  return {
    add(row) {
      const status = inviteStatusOf(row);
      if (status === 'waiting') return;
      const { inviteWave, invitedAt, joinedAt } = fields(row);
      const waveId = typeof inviteWave === 'string' && inviteWave !== '' ? inviteWave : UNKNOWN_WAVE;
      let wave = waves.get(waveId);
      if (!wave) waves.set(waveId, (wave = emptyTally()));
      const invitedTime = millis(invitedAt);
      const joinedTime = millis(joinedAt);
      for (const tally of [overall, wave]) {
        tally.invited += 1;
        if (status === 'joined') tally.joined += 1;
        if (status === 'expired') tally.expired += 1;
        if (status === 'declined') tally.declined += 1;
        if (status === 'joined' && invitedTime !== null && joinedTime !== null && joinedTime >= invitedTime) {
          tally.joinTimes.push(joinedTime - invitedTime);
        }
        if (invitedTime !== null && (tally.firstInvitedAt === null || invitedTime < tally.firstInvitedAt)) {
          tally.firstInvitedAt = invitedTime;
        }
      }
    },
    result() {
      const list = [...waves.entries()].map(([waveId, tally]) => ({
        waveId,
        firstInvitedAt: tally.firstInvitedAt,
        ...funnelOf(tally),
      }));
      list.sort(
        (a, b) =>
          (a.firstInvitedAt ?? Infinity) - (b.firstInvitedAt ?? Infinity) || a.waveId.localeCompare(b.waveId),
      );
      return { overall: funnelOf(overall), waves: list };
    },
  };
}

export function inviteFunnels(rows: Iterable<Row>): InviteFunnels {
  const counter = inviteFunnelCounter();
  for (const row of rows) counter.add(row);
  return counter.result();
}
