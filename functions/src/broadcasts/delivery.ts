// Sending one chunk of a broadcast. Each person gets the mail at most once, however often a chunk runs
// (a retried event, a run taken over after its lease, a run killed midway): their marker,
// broadcasts/{id}/recipients/{mailboxKey}, is created (`create`, so only one run can) before the mail is
// handed to SMTP, and whoever has a marker is passed over. A run killed between the marker and the
// SMTP answer leaves that marker `sending`: the mail may or may not have gone, and it is not sent again.
// Each mail is checked again just before (subscriber still there, confirmed, not unsubscribed, not
// suppressed: else a `skipped` marker), goes out at its send slot (the configured rate, outbox/send-slots.ts)
// over the outbox's SMTP transport (pooled), and a recipient refused with 5xx is put on the suppression list.
import { mailboxKey } from '@silk/schema/mailbox';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import type { Address } from 'nodemailer/lib/mailer';
import { permanentRefusals, type MailTransport } from '../outbox/smtp';
import { reserveSendSlots } from '../outbox/send-slots';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';
import type { MailContext } from '../subscribers/mailing-list';
import { listUnsubscribeHeaders, subscriberLinks } from '../subscribers/subscriber-links';
import { suppress } from '../suppression/suppression-list';
import { COLLECTIONS } from '@silk/schema/constants';
import { isReachable, readRecipients } from './audience';
import {
  broadcastRef,
  chunkRef,
  PARALLEL_CHUNKS,
  recipientRef,
  type StoredBroadcast,
  type StoredChunk,
} from './broadcast-store';
import { broadcastEmail } from './templates/broadcast';
import { mailCopy } from '../shared/mail-copy-store';

/**
 * How far ahead a group's first send slot is: the reservation's own round trip. The chunk sends its mail
 * itself, so there is no queue to wait for (the outbox's lead), and the other chunk sends meanwhile.
 */
const SLOT_LEAD_MS = 100;
/** People claimed (markers created) and sent per step: a run killed midway leaves at most these unsent. */
const GROUP = 20;

export interface ChunkDeps {
  context: () => MailContext;
  transport: () => MailTransport;
  ratePerSecond: number;
  leaseMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Creates each marker that does not exist yet (one batch, else one by one); which ones this call created. */
async function createMarkers(
  db: Firestore,
  markers: Array<{ ref: DocumentReference; data: Record<string, unknown> }>,
): Promise<boolean[]> {
  if (markers.length === 0) return [];
  const batch = db.batch();
  for (const { ref, data } of markers) batch.create(ref, data);
  try {
    await batch.commit();
    return markers.map(() => true);
  } catch (error) {
    if (!hasGrpcStatus(error, GrpcStatus.ALREADY_EXISTS)) throw error;
  }
  const created: boolean[] = [];
  for (const { ref, data } of markers) {
    try {
      await ref.create(data);
      created.push(true);
    } catch (error) {
      if (!hasGrpcStatus(error, GrpcStatus.ALREADY_EXISTS)) throw error;
      created.push(false);
    }
  }
  return created;
}

/** Takes a pending chunk (or one whose run's lease ran out) for this run; its data, or null. */
export async function claimChunk(
  db: Firestore,
  id: string,
  chunk: number,
  leaseUntil: number,
  now: number,
): Promise<StoredChunk | null> {
  const ref = chunkRef(db, id, chunk);
  return db.runTransaction(async (transaction) => {
    const stored = (await transaction.get(ref)).data() as StoredChunk | undefined;
    const expired = stored?.state === 'running' && (stored.leaseUntil ?? 0) <= now;
    if (!stored || (stored.state !== 'pending' && !expired)) return null;
    transaction.update(ref, { state: 'running', leaseUntil });
    return stored;
  });
}

interface Person {
  email: string;
  mailbox: string;
  subscriberId: string;
  referralCode: string;
}

async function sendGroup(
  db: Firestore,
  id: string,
  broadcast: StoredBroadcast,
  people: Person[],
  deps: ChunkDeps,
): Promise<void> {
  const now = (deps.now ?? Date.now)();
  const created = await createMarkers(
    db,
    people.map((person) => ({
      ref: recipientRef(db, id, person.mailbox),
      data: { email: person.email, state: 'sending', at: now },
    })),
  );
  const claimed = people.filter((_, index) => created[index]);
  const slots = await reserveSendSlots(
    db,
    claimed.length,
    deps.ratePerSecond,
    (deps.now ?? Date.now)(),
    SLOT_LEAD_MS,
  );
  const { config, secret } = deps.context();
  const footerCopy = await mailCopy(db, 'broadcastFooter');
  const clock = deps.now ?? Date.now;
  const sleep = deps.sleep ?? pause;
  const sends: Array<Promise<{ person: Person; error?: string }>> = [];
  for (const [index, person] of claimed.entries()) {
    const wait = (slots[index] ?? 0) - clock();
    if (wait > 0) await sleep(wait);
    const links = subscriberLinks(
      config.siteOrigin,
      secret,
      person.subscriberId,
      person.referralCode,
      clock(),
    );
    const mail = broadcastEmail(
      broadcast.subject,
      { html: broadcast.html, text: broadcast.text },
      links,
      footerCopy,
    );
    const to: Address[] = [{ name: '', address: person.email }];
    sends.push(
      deps
        .transport()
        .sendMail({
          from: config.from,
          to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: listUnsubscribeHeaders(links),
        })
        .then(
          () => ({ person }),
          async (error: unknown) => {
            for (const refusal of permanentRefusals(error, [person.email])) {
              await suppress(db, refusal.recipients, {
                reason: 'bounce',
                detail: refusal.response,
                source: 'smtp',
              });
            }
            return { person, error: error instanceof Error ? error.message : String(error) };
          },
        ),
    );
  }
  const outcomes = await Promise.all(sends);
  if (outcomes.length === 0) return;
  const batch = db.batch();
  let failed = 0;
  for (const { person, error } of outcomes) {
    if (error) failed += 1;
    batch.update(
      recipientRef(db, id, person.mailbox),
      error ? { state: 'failed', error: error.slice(0, 500) } : { state: 'sent', sentAt: clock() },
    );
  }
  batch.update(broadcastRef(db, id), {
    sent: FieldValue.increment(outcomes.length - failed),
    failed: FieldValue.increment(failed),
  });
  await batch.commit();
}

/** Marks the chunk done; the last chunk finishes the broadcast (audited once), else the next one is pending. */
async function finishChunk(db: Firestore, id: string, chunk: number, now: number): Promise<void> {
  const ref = chunkRef(db, id, chunk);
  const next = chunkRef(db, id, chunk + PARALLEL_CHUNKS);
  await db.runTransaction(async (transaction) => {
    const [stored, broadcastSnapshot, nextSnapshot] = await transaction.getAll(
      ref,
      broadcastRef(db, id),
      next,
    );
    if (stored?.get('state') === 'done') return;
    const broadcast = broadcastSnapshot?.data() as StoredBroadcast | undefined;
    if (!broadcast) return;
    transaction.update(ref, { state: 'done', leaseUntil: FieldValue.delete() });
    const done = broadcast.chunksDone + 1;
    if (nextSnapshot?.get('state') === 'waiting') transaction.update(next, { state: 'pending' });
    if (done < broadcast.chunks) {
      transaction.update(broadcastRef(db, id), { chunksDone: done });
      return;
    }
    transaction.update(broadcastRef(db, id), { chunksDone: done, state: 'done', finishedAt: now });
    transaction.create(db.collection(COLLECTIONS.auditLog).doc(), {
      actor: broadcast.createdBy,
      action: 'broadcast.sent',
      target: `broadcasts/${id}`,
      details: { total: broadcast.total },
      at: FieldValue.serverTimestamp(),
    });
  });
}

/** Sends chunk `chunk` of broadcast `id` if it is this run's to send; false when it was not. */
export async function sendChunk(db: Firestore, id: string, chunk: number, deps: ChunkDeps): Promise<boolean> {
  const clock = deps.now ?? Date.now;
  const stored = await claimChunk(db, id, chunk, clock() + deps.leaseMs, clock());
  if (!stored) return false;
  const broadcast = (await broadcastRef(db, id).get()).data() as StoredBroadcast | undefined;
  if (!broadcast) return false;
  const emails = stored.emails;
  const mailboxes = emails.map((email) => mailboxKey(email));
  const markers =
    emails.length > 0 ? await db.getAll(...mailboxes.map((mailbox) => recipientRef(db, id, mailbox))) : [];
  const pending = emails.flatMap((email, index) =>
    markers[index]?.exists ? [] : [{ email, mailbox: mailboxes[index] as string }],
  );
  for (let start = 0; start < pending.length; start += GROUP) {
    const group = pending.slice(start, start + GROUP);
    const recipients = await readRecipients(
      db,
      group.map(({ email }) => email),
    );
    const reachable: Person[] = [];
    const skipped: typeof group = [];
    for (const [index, entry] of group.entries()) {
      const recipient = recipients[index];
      if (recipient && isReachable(recipient)) {
        const code = recipient.subscriber?.referralCode;
        reachable.push({
          ...entry,
          subscriberId: recipient.subscriber?.subscriberId as string,
          referralCode: typeof code === 'string' ? code : '',
        });
      } else skipped.push(entry);
    }
    const created = await createMarkers(
      db,
      skipped.map(({ email, mailbox }) => ({
        ref: recipientRef(db, id, mailbox),
        data: { email, state: 'skipped', at: clock() },
      })),
    );
    const newlySkipped = created.filter(Boolean).length;
    if (newlySkipped > 0) await broadcastRef(db, id).update({ skipped: FieldValue.increment(newlySkipped) });
    await sendGroup(db, id, broadcast, reachable, deps);
  }
  await finishChunk(db, id, chunk, clock());
  return true;
}

/**
 * The repair of the schedule: a sending broadcast's chunk whose run's lease ran out is pending again (a
 * run killed midway resumes; the markers keep everyone it reached from a second mail), and a pending chunk
 * whose trigger was lost is touched again.
 */
export async function resumeChunks(db: Firestore, id: string, now: number): Promise<number> {
  const chunks = await broadcastRef(db, id)
    .collection('chunks')
    .where('state', 'in', ['pending', 'running'])
    .get();
  let resumed = 0;
  for (const doc of chunks.docs) {
    const stored = doc.data() as StoredChunk;
    if (stored.state === 'running' && (stored.leaseUntil ?? 0) > now) continue;
    await doc.ref.update({ state: 'pending', leaseUntil: FieldValue.delete(), resumedAt: now });
    resumed += 1;
  }
  return resumed;
}
