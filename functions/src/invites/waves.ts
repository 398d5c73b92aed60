// A wave: invite_waves/{waveId} (InviteWave + how it is processed), its chosen addresses in order in
// invite_waves/{id}/members/{chunk} ({emails}, CHUNK each, written once when the wave starts) and a
// marker per person invited, invite_waves/{id}/invited/{email}. The wave id follows from the caller and
// the request id, so a double click or a retry finds the wave instead of starting another.
// Processing goes chunk by chunk (`cursor`, the next chunk; on-invite-wave-written.ts chains them). A
// person's marker is created (`create`) in one atomic batch with their invitation, the signup's status,
// the history entry and the queued e-mail, so a chunk run again after a crash skips whoever was
// invited and invites whoever was not: nobody twice, nobody skipped. `invited` counts the markers.
import { COLLECTIONS } from '@silk/schema/constants';
import type { InviteWave, StoredWaveTarget } from '@silk/schema/invites';
import { type DocumentReference, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { eventSink, type EventSink } from '../events/emit';
import { reserveSendSlots } from '../outbox/send-slots';
import type { MailContext } from '../subscribers/mailing-list';
import { claimReferralCode, referralCodeIn } from '../referrals/codes';
import { invitationMail } from './invitation-mail';
import { mailCopy } from '../shared/mail-copy-store';
import type { MailCopy } from '@silk/schema/mail-copy';
import { inviteExpiryMs, newInvitation, newInviteCode, sha256, writeInvitation } from './invitation-store';
import { isInvitable, readCandidates, selectWave } from './selection';
import { alertSink, emitAlertEvent } from '../events/alert-events';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';

/** Addresses per members document and per processing step. */
export const CHUNK = 500;
/** People per atomic batch: 6 writes each. */
const BATCH = 50;
/** A wave whose preparation has not finished after this long is taken to have crashed; a retry redoes it. */
const PREPARE_TIMEOUT_MS = 5 * 60_000;

/** The stored wave: the contract's fields and its processing state. */
export interface StoredWave extends InviteWave {
  requestId: string;
  /** Its members are written: processing may start. */
  prepared: boolean;
  chunks: number;
  /** The next chunk to process. */
  cursor: number;
}

export interface WaveOptions {
  context: () => MailContext;
  /** The invitation's copy (by default the one in force when the chunk starts: shared/mail-copy-store.ts). */
  copy?: MailCopy;
  ratePerSecond: number;
  now?: () => number;
  /** Called before a chunk's batch `index` is committed (tests interrupt a chunk here). */
  beforeCommit?: (index: number) => Promise<void>;
}

export function waveIdFor(by: string, requestId: string): string {
  return createHash('sha256').update(`${by}\n${requestId}`).digest('base64url').slice(0, 24);
}

export function waveRef(db: Firestore, waveId: string): DocumentReference {
  return db.collection(COLLECTIONS.inviteWaves).doc(waveId);
}

const membersRef = (db: Firestore, waveId: string, chunk: number) =>
  waveRef(db, waveId).collection('members').doc(String(chunk).padStart(6, '0'));
const markerRef = (db: Firestore, waveId: string, email: string) =>
  waveRef(db, waveId).collection('invited').doc(email);

export interface WaveRequest {
  target: StoredWaveTarget;
  includeUnconfirmed: boolean;
  requestId: string;
  by: string;
  origin: InviteWave['origin'];
}

/**
 * Starts the wave of this request, or finds it: `created` says whether this call made it (and chose its
 * members). The members are chosen once; the wave's `total` is their number.
 */
export async function startWave(
  db: Firestore,
  request: WaveRequest,
  now = Date.now(),
): Promise<{ waveId: string; total: number; created: boolean }> {
  const waveId = waveIdFor(request.by, request.requestId);
  const ref = waveRef(db, waveId);
  const wave: StoredWave = {
    target: request.target,
    includeUnconfirmed: request.includeUnconfirmed,
    origin: request.origin,
    createdBy: request.by,
    createdAt: now,
    state: 'running',
    total: 0,
    invited: 0,
    requestId: request.requestId,
    prepared: false,
    chunks: 0,
    cursor: 0,
  };
  try {
    await ref.create(wave);
  } catch (error) {
    if (!hasGrpcStatus(error, GrpcStatus.ALREADY_EXISTS)) throw error;
    const existing = (await ref.get()).data() as StoredWave;
    if (existing.prepared || existing.createdAt > now - PREPARE_TIMEOUT_MS)
      return { waveId, total: existing.total, created: false };
  }
  const chosen = await selectWave(db, request.target, request.includeUnconfirmed);
  const chunks = Math.ceil(chosen.length / CHUNK);
  for (let start = 0; start < chunks; start += 400) {
    const batch = db.batch();
    for (let chunk = start; chunk < Math.min(chunks, start + 400); chunk += 1) {
      batch.set(membersRef(db, waveId, chunk), { emails: chosen.slice(chunk * CHUNK, (chunk + 1) * CHUNK) });
    }
    await batch.commit();
  }
  const finishedAt = Date.now();
  await ref.update({
    total: chosen.length,
    chunks,
    prepared: true,
    ...(chunks === 0 ? { state: 'done', finishedAt } : {}),
  });
  // A reward tier's wave of one is no news for the team's alerts.
  if (chunks === 0 && request.origin !== 'reward') {
    await emitAlertEvent(db, {
      type: 'wave.finished',
      key: waveId,
      at: finishedAt,
      data: { waveId, origin: request.origin, total: 0, invited: 0 },
    });
  }
  return { waveId, total: chosen.length, created: true };
}

/** A subscriber from before referral codes gets one now (the e-mail's footer carries the referral link). */
async function ensureReferralCode(db: Firestore, email: string): Promise<string> {
  return db.runTransaction(async (transaction) => {
    const subscriber = await transaction.get(db.collection(COLLECTIONS.subscribers).doc(email));
    const { code, fresh } = await referralCodeIn(transaction, db, subscriber.get('referralCode'));
    if (fresh) {
      claimReferralCode(transaction, db, code, email);
      transaction.update(subscriber.ref, { referralCode: code });
    }
    return code;
  });
}

interface Person {
  email: string;
  subscriberId: string;
  referralCode: string;
  sendAt: number;
}

function addPerson(
  batch: WriteBatch,
  db: Firestore,
  waveId: string,
  wave: StoredWave,
  person: Person,
  options: WaveOptions,
  now: number,
  emit: EventSink<'invitation.sent'>,
): void {
  const code = newInviteCode();
  const invitation = newInvitation(person.email, waveId, now, inviteExpiryMs());
  batch.create(markerRef(db, waveId, person.email), { at: now });
  writeInvitation(batch, db, code, invitation, wave.createdBy);
  const mail = invitationMail(
    { ...person, code, expiresAt: invitation.expiresAt },
    options.context(),
    now,
    options.copy,
  );
  const mailId = `invite-${sha256(`${waveId}\n${person.email}`).slice(0, 32)}`;
  batch.create(db.collection(COLLECTIONS.mail).doc(mailId), mail);
  emit(batch, {
    key: `${waveId}\n${person.email}`,
    at: now,
    subjects: [person.email],
    data: { email: person.email, waveId, invitedAt: new Date(now).toISOString() },
  });
}

/** Invites a batch atomically; when one of them was done before (or is gone), each on their own. */
async function inviteBatch(
  db: Firestore,
  waveId: string,
  wave: StoredWave,
  people: Person[],
  options: WaveOptions,
  now: number,
  index: number,
): Promise<void> {
  const emit = await eventSink(db, 'invitation.sent');
  const batch = db.batch();
  for (const person of people) addPerson(batch, db, waveId, wave, person, options, now, emit);
  if (options.beforeCommit) await options.beforeCommit(index);
  try {
    await batch.commit();
  } catch (error) {
    if (!hasGrpcStatus(error, GrpcStatus.ALREADY_EXISTS, GrpcStatus.NOT_FOUND)) throw error;
    for (const person of people) {
      const single = db.batch();
      addPerson(single, db, waveId, wave, person, options, now, emit);
      try {
        await single.commit();
      } catch (failure) {
        // Invited by an earlier run of this chunk, or the signup was erased meanwhile.
        if (!hasGrpcStatus(failure, GrpcStatus.ALREADY_EXISTS, GrpcStatus.NOT_FOUND)) throw failure;
      }
    }
  }
}

/** Processes the wave's next chunk; false when there is nothing (more) to do. */
export async function processWaveChunk(db: Firestore, waveId: string, given: WaveOptions): Promise<boolean> {
  const options = { ...given, copy: given.copy ?? (await mailCopy(db, 'invitation')) };
  const ref = waveRef(db, waveId);
  const wave = (await ref.get()).data() as StoredWave | undefined;
  if (!wave || !wave.prepared || wave.state !== 'running' || wave.cursor >= wave.chunks) return false;
  const chunk = wave.cursor;
  const emails = ((await membersRef(db, waveId, chunk).get()).get('emails') ?? []) as string[];
  const markers =
    emails.length > 0 ? await db.getAll(...emails.map((email) => markerRef(db, waveId, email))) : [];
  const pending = emails.filter((_, index) => !markers[index]?.exists);
  const candidates = await readCandidates(db, pending);
  const now = (options.now ?? Date.now)();
  const invitable = pending.flatMap((email, index) => {
    const candidate = candidates[index];
    if (!candidate || !isInvitable(candidate, wave.includeUnconfirmed)) return [];
    return [
      {
        email,
        subscriberId: candidate.subscriber?.subscriberId as string,
        referralCode: candidate.subscriber?.referralCode as unknown,
      },
    ];
  });
  const slots = await reserveSendSlots(db, invitable.length, options.ratePerSecond, now);
  const people: Person[] = [];
  for (const [index, person] of invitable.entries()) {
    const referralCode =
      typeof person.referralCode === 'string'
        ? person.referralCode
        : await ensureReferralCode(db, person.email);
    people.push({ ...person, referralCode, sendAt: slots[index] ?? now });
  }
  const batches: Array<Promise<void>> = [];
  for (let start = 0; start < people.length; start += BATCH) {
    batches.push(
      inviteBatch(db, waveId, wave, people.slice(start, start + BATCH), options, now, start / BATCH),
    );
  }
  // Every batch settles before a failure is reported, so a rerun never races this run's writes.
  const failed = (await Promise.allSettled(batches)).find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  const invited = (await ref.collection('invited').count().get()).data().count;
  const last = chunk + 1 >= wave.chunks;
  const finished = last && wave.origin !== 'reward' ? await alertSink(db, 'wave.finished') : null;
  await db.runTransaction(async (transaction) => {
    const current = (await transaction.get(ref)).data() as StoredWave | undefined;
    // Another run of the same chunk got there first.
    if (current?.cursor !== chunk) return;
    const finishedAt = Date.now();
    transaction.update(ref, {
      cursor: chunk + 1,
      invited,
      ...(last ? { state: 'done', finishedAt } : {}),
    });
    finished?.(transaction, {
      key: waveId,
      at: finishedAt,
      data: { waveId, origin: wave.origin, total: wave.total, invited },
    });
  });
  return true;
}

/** Runs the wave to its end in this process (the bench, tests and the drip; production chains chunks). */
export async function runWave(db: Firestore, waveId: string, options: WaveOptions): Promise<void> {
  while (await processWaveChunk(db, waveId, options));
}
