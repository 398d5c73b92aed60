// The panel's live reads of the invitation collections (server-written; staff may read them): the waves
// with their progress, the drip settings, and one address's invite history. Invitations themselves
// (their codes' hashes) are never read from a browser.
import { COLLECTIONS, INVITE_SETTINGS_DOC } from '@silk/schema/constants';
import {
  INVITE_STATUSES,
  type DripSettings,
  type InviteHistoryEntry,
  type InviteWave,
} from '@silk/schema/invites';

export type { InviteHistoryEntry };
import { collection, limit, orderBy, query, where, type Unsubscribe } from 'firebase/firestore';
import type { AdminServices } from './admin-firebase';
import { listenToQuery, queryListener, settingsListener } from './live-query';

/** How many of the latest waves the panel follows. */
export const WAVES_SHOWN = 50;

export interface InviteWaveRow extends InviteWave {
  id: string;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A stored wave as the panel shows it: counts and times that are not numbers read as 0. */
export function parseInviteWave(id: string, data: Record<string, unknown>): InviteWaveRow {
  const target = (data.target ?? {}) as Partial<Record<'kind' | 'query' | 'count', unknown>>;
  return {
    ...(data as unknown as InviteWave),
    id,
    target:
      target.kind === 'view'
        ? { kind: 'view', query: String(target.query ?? '') }
        : { kind: 'next', count: num(target.count) },
    createdBy: String(data.createdBy ?? ''),
    createdAt: num(data.createdAt),
    total: num(data.total),
    invited: num(data.invited),
  };
}

/** settings/invites as stored; a paused drip at 09:00 UTC when there is none yet. */
export function parseDripSettings(data: Record<string, unknown> | undefined): DripSettings {
  const hourUtc = data?.hourUtc;
  return {
    ...data,
    enabled: data?.enabled === true,
    perDay: num(data?.perDay),
    hourUtc:
      Number.isInteger(hourUtc) && (hourUtc as number) >= 0 && (hourUtc as number) <= 23
        ? (hourUtc as number)
        : 9,
  };
}

export function parseInviteHistoryEntry(data: Record<string, unknown>): InviteHistoryEntry | null {
  return (INVITE_STATUSES as readonly unknown[]).includes(data.status)
    ? { ...(data as unknown as InviteHistoryEntry), at: num(data.at), by: String(data.by ?? '') }
    : null;
}

/** The latest waves, newest first, live (their progress as they run). */
export const listenToInviteWaves = queryListener(
  (db) => query(collection(db, COLLECTIONS.inviteWaves), orderBy('createdAt', 'desc'), limit(WAVES_SHOWN)),
  (documents) => documents.map((document) => parseInviteWave(document.id, document.data())),
);

/** settings/invites, live. */
export const listenToDripSettings = settingsListener(INVITE_SETTINGS_DOC, parseDripSettings);

/** One address's invite history, oldest first, live. */
export function listenToInviteHistory(
  services: AdminServices,
  email: string,
  onEntries: (entries: InviteHistoryEntry[]) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  // Ordered here rather than in the query: an equality with an order on another field needs a composite index.
  const history = query(collection(services.db, COLLECTIONS.inviteHistory), where('email', '==', email));
  return listenToQuery(
    history,
    (documents) =>
      documents
        .map((document) => parseInviteHistoryEntry(document.data()))
        .filter((entry): entry is InviteHistoryEntry => entry !== null)
        .sort((a, b) => a.at - b.at),
    onEntries,
    onError,
  );
}
