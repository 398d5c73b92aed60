// A visitor joining with the landing page's hero form and the e-mail it brings, as the subscriber tests
// drive them.
import { SIGNUP_BUTTON_LABEL } from '@silk/schema/messages';
import { waitForMailTo, type CaughtMail } from '@silk/stack/maildev';
import type { Page } from 'playwright-core';

/** The URL of a link in an e-mail's text part: the text after "<label>: ". */
export function textLink(mail: CaughtMail, label: string): string {
  const line = (mail.text ?? '').split('\n').find((entry) => entry.startsWith(`${label}: `));
  if (!line) throw new Error(`No "${label}" link in the text part.`);
  return line.slice(label.length + 2).trim();
}

/** Fills the hero form of the open page with `email`, submits it and waits for /waitlist. */
export async function joinWithHeroForm(page: Page, email: string): Promise<void> {
  await page.locator('#hero').getByRole('textbox', { name: 'Your e-mail address' }).fill(email);
  await Promise.all([
    page.waitForURL('**/waitlist'),
    page.locator('#hero').getByRole('button', { name: SIGNUP_BUTTON_LABEL }).click(),
  ]);
}

/** The first e-mail MailDev catches for `email` (the confirmation, after a signup). */
export async function firstMailTo(email: string): Promise<CaughtMail> {
  const [mail] = await waitForMailTo(email, { timeoutMs: 30_000 });
  if (!mail) throw new Error(`No e-mail to ${email}.`);
  return mail;
}
