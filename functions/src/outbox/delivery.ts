// Delivery of the mail queue, in the state machine of the "Trigger Email" extension: a new mail/{id} is
// marked PENDING; a PENDING or RETRY mail is claimed (PROCESSING, with a lease) and sent over SMTP,
// then marked SUCCESS (with the server's answer) or ERROR (with the error). `delivery.attempts` counts
// SMTP tries. A transient failure is tried again at once, up to `sendTries` times with a doubling wait;
// if it still fails the mail stays queued: ERROR with `nextAttemptAt`, which the redrive (redrive.ts)
// turns into RETRY when due, until `maxAttempts`. A mail deleted meanwhile (erasure) is left alone.
// Nothing goes to an address on the suppression list: such a recipient is left out, and a mail with no
// other is SUPPRESSED without an SMTP call; a recipient a server refuses with 5xx is put on the list.
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
import { reserveSendSlots, SLOT_MARGIN_MS } from './send-slots';
import { isTransientFailure, permanentRefusals, type MailTransport } from './smtp';
import { claimDelivery, type ClaimRules } from '../shared/queue-claim';
import { suppress, suppressedAmong } from '../suppression/suppression-list';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';

export interface DeliveryDeps {
  db: Firestore;
  config: MailConfig;
  transport: () => MailTransport;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

class InvalidMail extends Error {}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Updates the mail unless it has been deleted meanwhile (an erasure removes pending mail). */
async function updateIfPresent(ref: DocumentReference, data: UpdateData<DocumentData>): Promise<void> {
  try {
    await ref.update(data);
  } catch (error) {
    if (!hasGrpcStatus(error, GrpcStatus.NOT_FOUND)) throw error;
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
  if (
    typeof message.subject !== 'string' ||
    (typeof message.text !== 'string' && typeof message.html !== 'string')
  ) {
    throw new InvalidMail(
      'The mail has no subject or no body (`message.subject`, `message.text` / `message.html`).',
    );
  }
  const headers = (data.headers && typeof data.headers === 'object' ? data.headers : {}) as Record<
    string,
    string
  >;
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
export function retryDelayMs(
  attempts: number,
  config: Pick<MailConfig, 'sendTries' | 'retryBaseMs' | 'retryMaxMs'>,
): number {
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

/** A waiting mail is passed over before the claim (onMailWritten); `delivery.attempts` counts SMTP tries. */
const MAIL_CLAIM: ClaimRules = { pendingWaits: false, countsAttempt: false };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Leaves out the recipients on the suppression list; none left: the mail is SUPPRESSED (final, no SMTP
 * call) and this answers false.
 */
async function withoutSuppressed(
  ref: DocumentReference,
  options: SendMailOptions,
  db: Firestore,
): Promise<boolean> {
  const to = options.to as Address[];
  const suppressed = await suppressedAmong(
    db,
    to.map(({ address }) => address),
  );
  if (suppressed.size === 0) return true;
  const left = to.filter(({ address }) => !suppressed.has(address));
  const record = { 'delivery.suppressed': [...suppressed].map(([address, reason]) => ({ address, reason })) };
  if (left.length > 0) {
    options.to = left;
    await updateIfPresent(ref, record);
    return true;
  }
  await updateIfPresent(ref, {
    ...record,
    'delivery.state': 'SUPPRESSED',
    'delivery.endTime': FieldValue.serverTimestamp(),
    'delivery.error': null,
    'delivery.leaseExpireTime': FieldValue.delete(),
  });
  return false;
}

/** A recipient an SMTP server refused with 5xx goes on the suppression list ('bounce'). */
async function suppressRefused(db: Firestore, outcome: unknown, options: SendMailOptions): Promise<void> {
  const recipients = (options.to as Address[]).map(({ address }) => address);
  for (const refusal of permanentRefusals(outcome, recipients)) {
    await suppress(db, refusal.recipients, { reason: 'bounce', detail: refusal.response, source: 'smtp' });
  }
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
    if (!(await withoutSuppressed(ref, options, deps.db))) return;
    let sent = false;
    let info: SentMessageInfo | undefined;
    for (;;) {
      tries += 1;
      try {
        info = (await deps.transport().sendMail(options)) as SentMessageInfo;
        sent = true;
        break;
      } catch (error) {
        failure = error;
        if (!isTransientFailure(error) || tries >= config.sendTries) break;
        await sleep(config.sendBackoffMs * 2 ** (tries - 1));
      }
    }
    if (sent) {
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
      // Some recipients refused, the others sent to: the mail is not sent again whatever happens here.
      await suppressRefused(deps.db, info, options).catch((error: unknown) =>
        logger.error('sendMail: refused recipients not suppressed', { id: ref.id, error: describe(error) }),
      );
      return;
    }
    await suppressRefused(deps.db, failure, options);
  } catch (error) {
    failure = error; // InvalidMail: final
  }
  const attempts = previousAttempts + tries;
  const retry =
    !(failure instanceof InvalidMail) && isTransientFailure(failure) && attempts < config.maxAttempts;
  logger.warn('sendMail: delivery failed', { id: ref.id, attempts, retry, error: describe(failure) });
  await updateIfPresent(ref, {
    'delivery.state': 'ERROR',
    'delivery.attempts': FieldValue.increment(tries),
    'delivery.endTime': FieldValue.serverTimestamp(),
    'delivery.error': describe(failure),
    'delivery.leaseExpireTime': FieldValue.delete(),
    ...(retry
      ? { 'delivery.nextAttemptAt': Timestamp.fromMillis(now() + retryDelayMs(attempts, config)) }
      : {}),
  });
}

/**
 * A claimed mail with a send slot (`sendAt`, send-slots.ts) is sent at its slot, never before and never
 * more than SLOT_MARGIN_MS after it (a missed slot is replaced by a new one, so late mail does not go out
 * in a burst): true when the slot has come; false when it is far, after handing the mail back (PENDING
 * with `nextAttemptAt` a little before the slot, when the redrive sets it to RETRY).
 */
export async function awaitSendSlot(
  ref: DocumentReference,
  data: DocumentData,
  deps: DeliveryDeps,
): Promise<boolean> {
  if (typeof data.sendAt !== 'number') return true;
  let sendAt = data.sendAt;
  const clock = deps.now ?? Date.now;
  for (;;) {
    const now = clock();
    if (now > sendAt + SLOT_MARGIN_MS) {
      sendAt = (await reserveSendSlots(deps.db, 1, deps.config.ratePerSecond, now))[0] ?? now;
      await updateIfPresent(ref, { sendAt });
      continue;
    }
    const wait = sendAt - now;
    if (wait <= 0) return true;
    if (wait > deps.config.slotWaitMs) {
      await updateIfPresent(ref, {
        'delivery.state': 'PENDING',
        'delivery.nextAttemptAt': Timestamp.fromMillis(sendAt - deps.config.slotLeadMs),
        'delivery.leaseExpireTime': FieldValue.delete(),
      });
      return false;
    }
    await (deps.sleep ?? pause)(wait);
    if (clock() <= sendAt + SLOT_MARGIN_MS) return true;
  }
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
  // Handed back to wait for its send slot: the redrive sets it to RETRY in time.
  if (state === 'PENDING' && (after.delivery as { nextAttemptAt?: unknown }).nextAttemptAt !== undefined)
    return;
  const now = deps.now ?? Date.now;
  const data = await claimDelivery(ref, now() + deps.config.leaseMs, MAIL_CLAIM);
  if (data && (await awaitSendSlot(ref, data, deps))) await deliver(ref, data, deps);
}
