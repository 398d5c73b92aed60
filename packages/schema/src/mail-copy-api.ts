// Request and answer shapes of the e-mail copy routes: the list every member may read, and an Admin's
// save and restore (each names the version the editor started from, so a concurrent change is refused
// rather than overwritten).
import * as z from 'zod';
import { MAIL_KINDS, type MailKind } from './mail-copy';
import { MAIL_COPY_REQUEST_INVALID } from './messages';

const invalid = { error: MAIL_COPY_REQUEST_INVALID };
const kind = z.enum(MAIL_KINDS, invalid);
const version = z.number(invalid).int(invalid).min(0, invalid).max(1_000_000, invalid);

/** One saved version of a kind's copy (version 0 is the code's default and is never stored). */
export interface MailCopyVersion {
  version: number;
  subject: string;
  body: string;
  /** Milliseconds since the epoch. */
  savedAt: number;
  savedBy: string;
  /** The version this one restored, when it was a restore. */
  restoredFrom?: number;
}

export interface MailCopyKindView {
  kind: MailKind;
  /** The current copy: null while the code's default is in force. */
  current: MailCopyVersion | null;
  /** The saved versions, newest first (at most MAIL_COPY_VERSIONS_SHOWN). */
  versions: MailCopyVersion[];
}

export const MAIL_COPY_VERSIONS_SHOWN = 20;

export const mailCopyListRequestSchema = z.object({});
export type MailCopyListRequest = z.input<typeof mailCopyListRequestSchema>;
export interface MailCopyListResponse {
  kinds: MailCopyKindView[];
}

export const mailCopySaveRequestSchema = z.object({
  kind,
  subject: z.string(invalid).max(1000, invalid),
  body: z.string(invalid).max(20_000, invalid),
  /** The current version the editor showed (0: the default). */
  baseVersion: version,
});
export type MailCopySaveRequest = z.input<typeof mailCopySaveRequestSchema>;

export const mailCopyRestoreRequestSchema = z.object({
  kind,
  /** The version to bring back (0: the code's default). */
  version,
  baseVersion: version,
});
export type MailCopyRestoreRequest = z.input<typeof mailCopyRestoreRequestSchema>;

export interface MailCopyChangeResponse {
  /** The version now in force (a save that changes nothing answers the current one). */
  version: number;
}
