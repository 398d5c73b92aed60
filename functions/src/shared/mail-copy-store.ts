// The e-mail copy Admins edit (@silk/schema/mail-copy): mail_copy/{kind} holds the version in force,
// mail_copy/{kind}/versions/{n} every saved version (who, when), for good. Version 0 is the code's
// default and is never stored. A save or restore writes the new version and the current one in one
// transaction, and only over the version the editor started from. Senders read the copy in force with
// `mailCopy(db, kind)`, kept briefly per instance (MAIL_COPY_CACHE_SECONDS); anything unreadable or no
// longer valid for its kind falls back to the default. Here, below every domain, so that every sender
// (subscribers, invites, status, rewards, broadcasts) can read it.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  MAIL_KIND_SPECS,
  MAIL_KINDS,
  mailCopyProblems,
  type MailCopy,
  type MailCopyProblem,
  type MailKind,
} from '@silk/schema/mail-copy';
import {
  MAIL_COPY_VERSIONS_SHOWN,
  type MailCopyKindView,
  type MailCopyVersion,
} from '@silk/schema/mail-copy-api';
import type { DocumentData, DocumentReference, Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';

export function mailCopyRef(db: Firestore, kind: MailKind): DocumentReference {
  return db.collection(COLLECTIONS.mailCopy).doc(kind);
}

export function mailCopyVersionRef(db: Firestore, kind: MailKind, version: number): DocumentReference {
  return mailCopyRef(db, kind).collection('versions').doc(String(version));
}

/** A stored version, or null when the data is not one. */
export function storedVersion(data: DocumentData | undefined): MailCopyVersion | null {
  if (
    !data ||
    typeof data.version !== 'number' ||
    typeof data.subject !== 'string' ||
    typeof data.body !== 'string' ||
    typeof data.savedAt !== 'number' ||
    typeof data.savedBy !== 'string'
  )
    return null;
  return {
    version: data.version,
    subject: data.subject,
    body: data.body,
    savedAt: data.savedAt,
    savedBy: data.savedBy,
    ...(typeof data.restoredFrom === 'number' ? { restoredFrom: data.restoredFrom } : {}),
  };
}

/** How long an instance keeps the copy it read (MAIL_COPY_CACHE_SECONDS, default 30; 0: never). */
export function mailCopyCacheMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.MAIL_COPY_CACHE_SECONDS?.trim();
  if (!raw) return 30_000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new Error(`MAIL_COPY_CACHE_SECONDS must be a number ≥ 0, got "${raw}".`);
  }
  return seconds * 1000;
}

const cache = new Map<MailKind, { copy: Promise<MailCopy>; until: number }>();

/** The copy in force of `kind`, stored and valid, else the default. */
async function readMailCopy(db: Firestore, kind: MailKind): Promise<MailCopy> {
  const defaults = MAIL_KIND_SPECS[kind].defaults;
  const stored = storedVersion((await mailCopyRef(db, kind).get()).data());
  if (!stored) return defaults;
  const copy = { subject: stored.subject, body: stored.body };
  if (mailCopyProblems(kind, copy).length > 0) {
    logger.warn('mailCopy: the stored copy is not valid for its kind; the default is used', { kind });
    return defaults;
  }
  return copy;
}

/** The copy a sender uses for `kind` now (as of at most MAIL_COPY_CACHE_SECONDS ago). */
export async function mailCopy(db: Firestore, kind: MailKind, now = Date.now()): Promise<MailCopy> {
  const kept = cache.get(kind);
  if (kept && now < kept.until) return kept.copy;
  const copy = readMailCopy(db, kind);
  cache.set(kind, { copy, until: now + mailCopyCacheMs() });
  copy.catch(() => cache.delete(kind));
  return copy.catch((error: unknown) => {
    // A sender never fails for want of its copy: the default still says everything needed.
    logger.warn('mailCopy: the copy could not be read; the default is used', { kind, error: String(error) });
    return MAIL_KIND_SPECS[kind].defaults;
  });
}

/** Forgets the copies this instance keeps (after its own change, and for tests). */
export function forgetMailCopies(): void {
  cache.clear();
}

/** Every kind: the copy in force (null: the default) and its latest versions, newest first. */
export async function mailCopyOverview(db: Firestore): Promise<MailCopyKindView[]> {
  return Promise.all(
    MAIL_KINDS.map(async (kind) => {
      const [current, versions] = await Promise.all([
        mailCopyRef(db, kind).get(),
        mailCopyRef(db, kind)
          .collection('versions')
          .orderBy('version', 'desc')
          .limit(MAIL_COPY_VERSIONS_SHOWN)
          .get(),
      ]);
      return {
        kind,
        current: storedVersion(current.data()),
        versions: versions.docs.flatMap((doc) => storedVersion(doc.data()) ?? []),
      };
    }),
  );
}

export type MailCopyChange =
  | { outcome: 'saved'; version: number; previous: number }
  | { outcome: 'unchanged'; version: number }
  | { outcome: 'invalid'; problems: MailCopyProblem[] }
  | { outcome: 'conflict' }
  | { outcome: 'unknownVersion' };

interface ChangeInput {
  kind: MailKind;
  /** The version the editor started from: the change is refused if another is in force now. */
  baseVersion: number;
  by: string;
  now?: number;
}

/**
 * Writes `copy` as the next version of its kind and makes it the one in force, in one transaction, if
 * it is valid and `baseVersion` is still in force; a copy equal to the one in force writes nothing
 * (so a repeated request is answered with the same version).
 */
async function writeVersion(
  db: Firestore,
  { kind, baseVersion, by, now = Date.now() }: ChangeInput,
  pick: (current: MailCopyVersion | null) => Promise<{ copy: MailCopy; restoredFrom?: number } | null>,
): Promise<MailCopyChange> {
  const result = await db.runTransaction(async (transaction): Promise<MailCopyChange> => {
    const current = storedVersion((await transaction.get(mailCopyRef(db, kind))).data());
    const inForce = current?.version ?? 0;
    const latest = await transaction.get(
      mailCopyRef(db, kind).collection('versions').orderBy('version', 'desc').limit(1),
    );
    const picked = await pick(current);
    if (!picked) return { outcome: 'unknownVersion' };
    const { copy, restoredFrom } = picked;
    const problems = mailCopyProblems(kind, copy);
    if (problems.length > 0) return { outcome: 'invalid', problems };
    const shown = current ?? MAIL_KIND_SPECS[kind].defaults;
    if (shown.subject === copy.subject && shown.body === copy.body)
      return { outcome: 'unchanged', version: inForce };
    if (inForce !== baseVersion) return { outcome: 'conflict' };
    // Numbered after the newest ever saved (a restore of the default leaves mail_copy/{kind} at 0).
    const version = Math.max(inForce, (latest.docs[0]?.get('version') as number | undefined) ?? 0) + 1;
    const stored: MailCopyVersion = {
      version,
      subject: copy.subject,
      body: copy.body,
      savedAt: now,
      savedBy: by,
      ...(restoredFrom === undefined ? {} : { restoredFrom }),
    };
    transaction.create(mailCopyVersionRef(db, kind, version), stored);
    transaction.set(mailCopyRef(db, kind), stored);
    return { outcome: 'saved', version, previous: inForce };
  });
  forgetMailCopies();
  return result;
}

/** An Admin's new copy of `kind`. */
export function saveMailCopy(
  db: Firestore,
  input: ChangeInput & { copy: MailCopy },
): Promise<MailCopyChange> {
  const copy = MAIL_KIND_SPECS[input.kind].hasSubject ? input.copy : { ...input.copy, subject: '' };
  return writeVersion(db, input, async () => ({ copy }));
}

/** An earlier version of `kind` (0: the code's default) brought back as the newest one. */
export function restoreMailCopy(
  db: Firestore,
  input: ChangeInput & { version: number },
): Promise<MailCopyChange> {
  return writeVersion(db, input, async () => {
    if (input.version === 0) return { copy: MAIL_KIND_SPECS[input.kind].defaults, restoredFrom: 0 };
    const earlier = storedVersion((await mailCopyVersionRef(db, input.kind, input.version).get()).data());
    return (
      earlier && { copy: { subject: earlier.subject, body: earlier.body }, restoredFrom: earlier.version }
    );
  });
}
