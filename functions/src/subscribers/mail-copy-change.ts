// The answers shared by an Admin's save and restore of e-mail copy: the new version, or why not.
import { mailCopyProblemMessage } from '@silk/schema/mail-copy';
import { MAIL_COPY_CONFLICT, MAIL_COPY_VERSION_NOT_FOUND } from '@silk/schema/messages';
import { HttpError } from '../http/http';
import type { MailCopyChange } from '../shared/mail-copy-store';

/** The change's version; an HttpError naming every problem of a refused copy (400), a conflict (409), a missing version (404). */
export function changedVersion(change: MailCopyChange): { version: number; changed: boolean } {
  switch (change.outcome) {
    case 'saved':
      return { version: change.version, changed: true };
    case 'unchanged':
      return { version: change.version, changed: false };
    case 'invalid':
      throw new HttpError(400, change.problems.map(mailCopyProblemMessage).join(' '));
    case 'conflict':
      throw new HttpError(409, MAIL_COPY_CONFLICT);
    case 'unknownVersion':
      throw new HttpError(404, MAIL_COPY_VERSION_NOT_FOUND);
  }
}
