// The E-mail copy tab's calls (each with the caller's ID token): every kind's copy and versions, an
// Admin's save and restore.
import { callMailCopy } from '@silk/data-access/mail-copy';
import type { MailCopy, MailKind } from '@silk/schema/mail-copy';
import type { MailCopyKindView } from '@silk/schema/mail-copy-api';
import { adminServices } from '@/lib/services';

export async function loadMailCopy(): Promise<MailCopyKindView[]> {
  return (await callMailCopy(adminServices(), 'mailCopyList', {})).kinds;
}

/** Saves a new version over `baseVersion`; answers the version in force. */
export async function saveMailCopy(kind: MailKind, copy: MailCopy, baseVersion: number): Promise<number> {
  return (await callMailCopy(adminServices(), 'mailCopySave', { kind, ...copy, baseVersion })).version;
}

/** Brings back `version` (0: the default) over `baseVersion`; answers the version in force. */
export async function restoreMailCopy(kind: MailKind, version: number, baseVersion: number): Promise<number> {
  return (await callMailCopy(adminServices(), 'mailCopyRestore', { kind, version, baseVersion })).version;
}
