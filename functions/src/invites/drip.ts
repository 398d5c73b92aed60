// The daily drip (settings/invites, DripSettings): while enabled, once per UTC day at or after `hourUtc`,
// a wave invites the next `perDay` in line. The day's wave id comes from its date, so a run repeated or
// retried that day finds the same wave; `lastRunAt` is written after the wave has started.
import { COLLECTIONS, INVITE_SETTINGS_DOC } from '@silk/schema/constants';
import type { DripSettings } from '@silk/schema/invites';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { startWave } from './waves';

export const DRIP_ACTOR = 'drip';

export function dripRef(db: Firestore): DocumentReference {
  return db.collection(COLLECTIONS.settings).doc(INVITE_SETTINGS_DOC);
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Is the drip due at `now`? */
export function dripDue(settings: DripSettings | undefined, now: number): boolean {
  if (!settings?.enabled) return false;
  if (new Date(now).getUTCHours() < settings.hourUtc) return false;
  return settings.lastRunAt === undefined || utcDay(settings.lastRunAt) !== utcDay(now);
}

/** Starts the day's wave when due; its id, or null. */
export async function runDrip(db: Firestore, now: number): Promise<string | null> {
  const settings = (await dripRef(db).get()).data() as DripSettings | undefined;
  if (!settings || !dripDue(settings, now)) return null;
  const { waveId } = await startWave(
    db,
    {
      target: { kind: 'next', count: settings.perDay },
      includeUnconfirmed: false,
      requestId: `drip-${utcDay(now)}`,
      by: DRIP_ACTOR,
      origin: 'drip',
    },
    now,
  );
  await dripRef(db).update({ lastRunAt: now });
  return waveId;
}

/** The Admin's settings (the last run is kept, so re-enabling on a day it ran waits for the next day). */
export async function saveDrip(db: Firestore, settings: Omit<DripSettings, 'lastRunAt'>): Promise<void> {
  await dripRef(db).set(settings, { merge: true });
}
