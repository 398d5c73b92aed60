// What the export's audit entry keeps of the table's view: everything but text that can name a person.
// The search text (often an e-mail address) and any answer filter that is not one of its question's
// choices (a work e-mail, a frustration, a handle) are kept only as their keyed hash — auditAddressHash,
// as the erasure's entry names an address — so the entry still tells two exports' views apart and whoever
// holds the server secret can match it against an address they know, but no address or typed text can be
// read from it, nor tested against a list of addresses without the secret.
import { NOT_AVAILABLE } from '@silk/schema/constants';
import type { FeedbackField } from '@silk/schema/entities';
import { feedbackQuestion } from '@silk/schema/signup-fields';
import type { SignupView } from '@silk/schema/signup-view';
import { auditAddressHash } from '../subscribers/erasure';

export interface AuditedView extends Omit<SignupView, 'search' | 'answers'> {
  /** Answer filters given as one of the question's choices (or N/A), as the table shows them. */
  answers: Partial<Record<FeedbackField, string>>;
  /** The other answer filters, each as the keyed hash of its lower-cased text. */
  answerHashes?: Partial<Record<FeedbackField, string>>;
  /** The search, trimmed and lower-cased as it is matched, as its keyed hash; absent without a search. */
  searchHash?: string;
}

/** The keyed hash (under `secret`) of a typed text as the view matches it (trimmed, case-insensitive). */
export function viewTextHash(secret: string, text: string): string {
  return auditAddressHash(secret, text.trim().toLowerCase());
}

/** An answer filter made only of the question's own choices (a checklist answer lists several). */
function isChoiceAnswer(field: FeedbackField, value: string): boolean {
  if (value === NOT_AVAILABLE) return true;
  const choices = feedbackQuestion(field).choices ?? [];
  if (choices.includes(value)) return true;
  const parts = value.split(',').map((part) => part.trim());
  return choices.length > 0 && parts.every((part) => choices.includes(part));
}

/** The view as the export's audit entry stores it (see the top of this file), hashed under `secret`. */
export function auditedView(secret: string, { search, answers, ...rest }: SignupView): AuditedView {
  const kept: Partial<Record<FeedbackField, string>> = {};
  const hashed: Partial<Record<FeedbackField, string>> = {};
  for (const [field, value] of Object.entries(answers) as [FeedbackField, string | undefined][]) {
    if (value === undefined) continue;
    if (isChoiceAnswer(field, value)) kept[field] = value;
    else hashed[field] = viewTextHash(secret, value);
  }
  return {
    ...rest,
    answers: kept,
    ...(Object.keys(hashed).length > 0 ? { answerHashes: hashed } : {}),
    ...(search.trim() !== '' ? { searchHash: viewTextHash(secret, search) } : {}),
  };
}
