// The panel's live reads of the invitation collections (server-written; staff may read them): the waves
// with their progress, the drip settings, and one address's invite history. Invitations themselves
// (their codes' hashes) are never read from a browser.
import { COLLECTIONS, INVITE_SETTINGS_DOC } from '@silk/schema/constants';
import { INVITE_STATUSES, type DripSettings, type InviteStatus, type InviteWave, type WaveTarget } from '@silk/schema/invites';
import { collection, doc, limit, onSnapshot, orderBy, query, where, type Unsubscribe } from 'firebase/firestore';
import type { AdminServices } from './admin-firebase';

/** How many of the latest waves the panel follows. */
export const WAVES_SHOWN = 50;

/** One change of a signup's invite status (invite_history/{id}). */
export interface InviteHistoryEntry {
  email: string;
  status: InviteStatus;
  at: number;
  /** The staff member's address, 'drip', 'system' (expiry) or 'invitee' (their own choice). */
  by: string;
  waveId?: string;
}

export interface InviteWaveRow extends InviteWave {
  id: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
const time = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

function parseTarget(value: unknown): WaveTarget {
  const { kind, count: asked, query: viewQuery } = (value ?? {}) as Record<string, unknown>;
  if (kind === 'view') return { kind, query: text(viewQuery) };
  return { kind: 'next', count: count(asked) };
}

/** A stored wave as the panel shows it (anything missing or of the wrong type made harmless). */
export function parseInviteWave(id: string, data: Record<string, unknown>): InviteWaveRow {
  const wave: InviteWaveRow = {
    id,
    target: parseTarget(data.target),
    includeUnconfirmed: data.includeUnconfirmed === true,
    origin: data.origin === 'drip' ? 'drip' : 'admin',
    createdBy: text(data.createdBy),
    createdAt: time(data.createdAt) ?? 0,
    state: isOneOf(['running', 'done', 'failed'] as const, data.state) ? data.state : 'running',
    total: count(data.total),
    invited: count(data.invited),
  };
  const finishedAt = time(data.finishedAt);
  if (finishedAt !== undefined) wave.finishedAt = finishedAt;
  return wave;
}

/** settings/invites as stored; a paused drip of 0 a day at 09:00 UTC when there is none yet. */
export function parseDripSettings(data: Record<string, unknown> | undefined): DripSettings {
  const hour = time(data?.hourUtc);
  const settings: DripSettings = {
    enabled: data?.enabled === true,
    perDay: Number.isInteger(data?.perDay) ? count(data?.perDay) : 0,
    hourUtc: hour !== undefined && Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : 9,
  };
  const lastRunAt = time(data?.lastRunAt);
  if (lastRunAt !== undefined) settings.lastRunAt = lastRunAt;
  return settings;
}

export function parseInviteHistoryEntry(data: Record<string, unknown>): InviteHistoryEntry | null {
  if (!isOneOf(INVITE_STATUSES, data.status)) return null;
  const entry: InviteHistoryEntry = { email: text(data.email), status: data.status, at: time(data.at) ?? 0, by: text(data.by) };
  if (typeof data.waveId === 'string' && data.waveId !== '') entry.waveId = data.waveId;
  return entry;
}

/** The latest waves, newest first, live (their progress as they run). */
export function listenToInviteWaves(
  services: AdminServices,
  onWaves: (waves: InviteWaveRow[]) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  const latest = query(collection(services.db, COLLECTIONS.inviteWaves), orderBy('createdAt', 'desc'), limit(WAVES_SHOWN));
  return onSnapshot(
    latest,
    (snapshot) => onWaves(snapshot.docs.map((document) => parseInviteWave(document.id, document.data()))),
    onError,
  );
}

/** settings/invites, live. */
export function listenToDripSettings(
  services: AdminServices,
  onSettings: (settings: DripSettings) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  return onSnapshot(
    doc(services.db, COLLECTIONS.settings, INVITE_SETTINGS_DOC),
    (snapshot) => onSettings(parseDripSettings(snapshot.data())),
    onError,
  );
}

/** One address's invite history, oldest first, live. */
export function listenToInviteHistory(
  services: AdminServices,
  email: string,
  onEntries: (entries: InviteHistoryEntry[]) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  // Ordered here rather than in the query: an equality with an order on another field needs a composite index.
  const history = query(collection(services.db, COLLECTIONS.inviteHistory), where('email', '==', email));
  return onSnapshot(
    history,
    (snapshot) =>
      onEntries(
        snapshot.docs
          .map((document) => parseInviteHistoryEntry(document.data()))
          .filter((entry): entry is InviteHistoryEntry => entry !== null)
          .sort((a, b) => a.at - b.at),
      ),
    onError,
  );
}
