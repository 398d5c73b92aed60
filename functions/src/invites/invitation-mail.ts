// The invitation e-mail of one person, as a mail queue document with its send slot (send-slots.ts) and
// the one-click unsubscribe headers every e-mail to a subscriber carries.
import { API_ROUTES } from '@silk/schema/api-routes';
import type { MailCopy } from '@silk/schema/mail-copy';
import { INVITE_CODE_PARAM } from '@silk/schema/invites';
import type { QueuedMail } from '../outbox/mail-queue';
import type { MailContext } from '../subscribers/mailing-list';
import { listUnsubscribeHeaders, subscriberLinks } from '../subscribers/subscriber-links';
import { invitationEmail } from '../subscribers/templates/invitation';

/** The section of /invite with the "Not now" form (the e-mail's second link). */
export const NOT_NOW_SECTION_ID = 'not-now';

export function inviteLink(siteOrigin: string, code: string): string {
  return `${siteOrigin}${API_ROUTES.invitePage.path}?${new URLSearchParams({ [INVITE_CODE_PARAM]: code })}`;
}

function day(ms: number): string {
  return new Date(ms).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export interface InvitationMailInput {
  email: string;
  code: string;
  subscriberId: string;
  referralCode: string;
  expiresAt: number;
  sendAt: number;
}

export function invitationMail(
  input: InvitationMailInput,
  context: MailContext,
  now: number,
  copy?: MailCopy,
): QueuedMail & { sendAt: number } {
  const links = subscriberLinks(
    context.config.siteOrigin,
    context.secret,
    input.subscriberId,
    input.referralCode,
    now,
  );
  const accept = inviteLink(context.config.siteOrigin, input.code);
  const { subject, text, html } = invitationEmail(
    { accept, notNow: `${accept}#${NOT_NOW_SECTION_ID}`, expiresOn: day(input.expiresAt) },
    links,
    copy,
  );
  return {
    to: input.email,
    message: { subject, text, html },
    headers: listUnsubscribeHeaders(links),
    sendAt: input.sendAt,
  };
}
