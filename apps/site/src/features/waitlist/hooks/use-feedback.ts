import type { ClientConfig } from '@silk/data-access/config';
import {
  FEEDBACK_FIELDS,
  feedbackQuestion,
  type ChecklistField,
  type FeedbackField,
  type FeedbackFields,
} from '@silk/schema/signup-fields';
import { FEEDBACK_FAILED, SESSION_EXPIRED } from '@silk/schema/messages';
import { useState } from 'react';
import { readSessionEmail } from '@/lib/session-email';
import { loadWaitlistModule } from '@/lib/waitlist-module';
import { getRecaptchaToken } from '@/features/waitlist/api/recaptcha';

/** The form's answers: text, or the ticked choices of a checklist question. */
export type FeedbackValues = Omit<FeedbackFields, ChecklistField> & Record<ChecklistField, string[]>;

const isChecklist = (field: FeedbackField): field is ChecklistField =>
  feedbackQuestion(field).input === 'checkbox';

export const EMPTY_FEEDBACK: FeedbackValues = Object.fromEntries(
  FEEDBACK_FIELDS.map((field) => [field, isChecklist(field) ? [] : '']),
) as unknown as FeedbackValues;

/** The answers as stored text (blanks stay blank here; the write turns them into 'N/A'). */
export function toFeedbackFields(values: FeedbackValues): FeedbackFields {
  const fields = {} as FeedbackFields;
  for (const field of FEEDBACK_FIELDS) {
    const value = values[field];
    fields[field] = Array.isArray(value) ? value.join(', ') : value.trim();
  }
  return fields;
}

/** What the form's fields hold: answers given before the island hydrated are there, not in the state. */
export function readFeedbackForm(form: HTMLFormElement): FeedbackValues {
  const data = new FormData(form);
  const values = { ...EMPTY_FEEDBACK };
  for (const field of FEEDBACK_FIELDS) {
    const entries = data.getAll(field).filter((entry): entry is string => typeof entry === 'string');
    if (isChecklist(field)) values[field] = entries;
    else values[field] = entries[0] ?? '';
  }
  return values;
}

export interface UseFeedbackOptions {
  config: ClientConfig;
  /** window.alert by default (PRODUCT.md#messages uses alerts for the feedback form). */
  alert?: (message: string) => void;
  getBotToken?: (siteKey: string | null) => Promise<string | null>;
}

/**
 * PRODUCT.md#waitlist feedback form: idle → submitting ("Submitting...") → thank-you view and a reset form, or an
 * alert with the form kept. Without the signup e-mail in session storage: the expired alert, nothing sent.
 */
export function useFeedback({
  config,
  alert = (message) => window.alert(message),
  getBotToken = getRecaptchaToken,
}: UseFeedbackOptions) {
  const [values, setValues] = useState<FeedbackValues>(EMPTY_FEEDBACK);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  /** Sends `answers` (the form's current values by default). */
  async function submit(answers: FeedbackValues = values): Promise<void> {
    if (submitting) return;
    const email = readSessionEmail();
    if (!email) {
      alert(SESSION_EXPIRED);
      return;
    }
    setSubmitting(true);
    try {
      const [token, { submitFeedback }] = await Promise.all([
        getBotToken(config.recaptchaSiteKey),
        loadWaitlistModule(),
      ]);
      await submitFeedback(config, email, toFeedbackFields(answers), token);
    } catch (error) {
      console.error('Feedback submission failed:', error);
      setSubmitting(false);
      alert(FEEDBACK_FAILED);
      return;
    }
    setSubmitting(false);
    setValues(EMPTY_FEEDBACK);
    setDone(true);
  }

  return { values, setValues, submitting, done, submit };
}
