// Delivery of the mail queue, in the state machine of the "Trigger Email" extension: a new mail/{id} is
// marked PENDING; a PENDING or RETRY mail is claimed (PROCESSING, with a lease) and sent over SMTP,
// then marked SUCCESS (with the server's answer) or ERROR (with the error). `delivery.attempts` counts
// SMTP tries. A transient failure is tried again at once, up to `sendTries` times with a doubling wait;
// if it still fails the mail stays queued: ERROR with `nextAttemptAt`, which the redrive (redrive.ts)
// turns into RETRY when due, until `maxAttempts`. A mail deleted meanwhile (erasure) is left alone.
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type UpdateData,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { isValidEmailAddress, normalizeEmail } from '@silk/schema/validators';
import type { SendMailOptions, SentMessageInfo } from 'nodemailer';
import type { Address } from 'nodemailer/lib/mailer';
import type { MailConfig } from './mail-config';
import type { DeliveryState } from './mail-queue';
import { isTransientFailure, type MailTransport } from './smtp';

export interface DeliveryDeps {
  db: Firestore;
  config: MailConfig;
  transport: () => MailTransport;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const NOT_FOUND = 5; // gRPC status of update() on a missing document

class InvalidMail extends Error {}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Updates the mail unless it has been deleted meanwhile (an erasure removes pending mail). */
async function updateIfPresent(ref: DocumentReference, data: UpdateData<DocumentData>): Promise<void> {
  try {
    await ref.update(data);
  } catch (error) {
    if ((error as { code?: unknown }).code !== NOT_FOUND) throw error;
  }
}

function addresses(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((entry) => (typeof entry === 'string' ? entry : (entry as { address?: unknown } | null)?.address))
    .filter((entry): entry is string => typeof entry === 'string');
}

/**
 * The recipients of a queue document as nodemailer's structured addresses (`{ name: '', address }`):
 * nodemailer parses a string recipient as an address list ("n1 <victim@…>" is victim@…), an object it
 * takes as it is. Each must be one address of the grammar (@silk/schema/validators), normalised.
 */
export function recipients(value: unknown): Address[] {
  const listed = addresses(value);
  if (listed.length === 0) throw new InvalidMail('The mail has no recipient (`to`).');
  return listed.map((entry) => {
    if (!isValidEmailAddress(entry)) throw new InvalidMail('A recipient is not a plain e-mail address.');
    return { name: '', address: normalizeEmail(entry) };
  });
}

/** The SMTP message of a queue document; InvalidMail when it cannot be one. */
export function mailOptions(data: DocumentData, from: string): SendMailOptions {
  const message = (data.message ?? {}) as Record<string, unknown>;
  const to = recipients(data.to);
  if (typeof message.subject !== 'string' || (typeof message.text !== 'string' && typeof message.html !== 'string')) {
    throw new InvalidMail('The mail has no subject or no body (`message.subject`, `message.text` / `message.html`).');
  }
  const headers = (data.headers && typeof data.headers === 'object' ? data.headers : {}) as Record<string, string>;
  return {
    from: typeof data.from === 'string' ? data.from : from,
    ...(typeof data.replyTo === 'string' ? { replyTo: data.replyTo } : {}),
    to,
    subject: message.subject,
    ...(typeof message.text === 'string' ? { text: message.text } : {}),
    ...(typeof message.html === 'string' ? { html: message.html } : {}),
    headers,
  };
}

/** The wait before the redrive's next run for a mail that has had `attempts` tries. */
export function retryDelayMs(attempts: number, config: Pick<MailConfig, 'sendTries' | 'retryBaseMs' | 'retryMaxMs'>): number {
  const runs = Math.max(1, Math.ceil(attempts / config.sendTries));
  return Math.min(config.retryBaseMs * 2 ** (runs - 1), config.retryMaxMs);
}

/** A new mail: PENDING, no attempts yet (the update this makes starts the delivery). */
async function markPending(db: Firestore, ref: DocumentReference): Promise<void> {
  await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists || snapshot.get('delivery') !== undefined) return;
    transaction.update(ref, {
      delivery: { state: 'PENDING', attempts: 0, startTime: FieldValue.serverTimestamp(), error: null },
    });
  });
}

/** Takes a PENDING or RETRY mail for this run; its data, or null when another run has it. */
async function claim(db: Firestore, ref: DocumentReference, leaseUntil: number): Promise<DocumentData | null> {
  return db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const state = snapshot.get('delivery.state') as DeliveryState | undefined;
    if (!snapshot.exists || (state !== 'PENDING' && state !== 'RETRY')) return null;
    transaction.update(ref, {
      'delivery.state': 'PROCESSING',
      'delivery.leaseExpireTime': Timestamp.fromMillis(leaseUntil),
      'delivery.nextAttemptAt': FieldValue.delete(),
    });
    return snapshot.data() ?? null;
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function deliver(ref: DocumentReference, data: DocumentData, deps: DeliveryDeps): Promise<void> {
  const { config } = deps;
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? pause;
  const previousAttempts = Number(data.delivery?.attempts ?? 0) || 0;
  let tries = 0;
  let failure: unknown;
  try {
    const options = mailOptions(data, config.from);
    for (;;) {
      tries += 1;
      try {
        const info = (await deps.transport().sendMail(options)) as SentMessageInfo;
        await updateIfPresent(ref, {
          'delivery.state': 'SUCCESS',
          'delivery.attempts': FieldValue.increment(tries),
          'delivery.endTime': FieldValue.serverTimestamp(),
          'delivery.error': null,
          'delivery.leaseExpireTime': FieldValue.delete(),
          'delivery.info': {
            messageId: typeof info?.messageId === 'string' ? info.messageId : null,
            accepted: addresses(info?.accepted ?? []),
            rejected: addresses(info?.rejected ?? []),
            response: typeof info?.response === 'string' ? info.response : null,
          },
        });
        return;
      } catch (error) {
        failure = error;
        if (!isTransientFailure(error) || tries >= config.sendTries) break;
        await sleep(config.sendBackoffMs * 2 ** (tries - 1));
      }
    }
  } catch (error) {
    failure = error; // InvalidMail: final
  }
  const attempts = previousAttempts + tries;
  const retry = !(failure instanceof InvalidMail) && isTransientFailure(failure) && attempts < config.maxAttempts;
  logger.warn('sendMail: delivery failed', { id: ref.id, attempts, retry, error: describe(failure) });
  await updateIfPresent(ref, {
    'delivery.state': 'ERROR',
    'delivery.attempts': FieldValue.increment(tries),
    'delivery.endTime': FieldValue.serverTimestamp(),
    'delivery.error': describe(failure),
    'delivery.leaseExpireTime': FieldValue.delete(),
    ...(retry ? { 'delivery.nextAttemptAt': Timestamp.fromMillis(now() + retryDelayMs(attempts, config)) } : {}),
  });
}

/**
 * A mail with a send slot (`sendAt`, send-slots.ts) is never sent before it: true once the slot has come
 * (waiting for it when it is near); false when it is far, after leaving the mail PENDING with
 * `nextAttemptAt` a little before the slot, when the redrive sets it to RETRY.
 */
export async function awaitSendSlot(ref: DocumentReference, data: DocumentData, deps: DeliveryDeps): Promise<boolean> {
  const sendAt = typeof data.sendAt === 'number' ? data.sendAt : 0;
  const wait = sendAt - (deps.now ?? Date.now)();
  if (wait <= 0) return true;
  if (wait <= deps.config.slotWaitMs) {
    await (deps.sleep ?? pause)(wait);
    return true;
  }
  if (data.delivery?.nextAttemptAt === undefined) {
    await updateIfPresent(ref, { 'delivery.nextAttemptAt': Timestamp.fromMillis(sendAt - deps.config.slotLeadMs) });
  }
  return false;
}

/** One write to mail/{id} (before / after as data; undefined when absent). */
export async function handleMailWrite(
  ref: DocumentReference,
  before: DocumentData | undefined,
  after: DocumentData | undefined,
  deps: DeliveryDeps,
): Promise<void> {
  if (!after) return;
  if (!before && after.delivery === undefined) return markPending(deps.db, ref);
  const state = (after.delivery as { state?: unknown } | undefined)?.state;
  if (state !== 'PENDING' && state !== 'RETRY') return;
  const now = deps.now ?? Date.now;
  if (!(await awaitSendSlot(ref, after, deps))) return;
  const data = await claim(deps.db, ref, now() + deps.config.leaseMs);
  if (data) await deliver(ref, data, deps);
}
