// The invitation page's content, as HTML for the slot of the site's prerendered shell (/invite-shell):
// one message for the invitation's state and the native forms that fit it (Continue → redeemInvite,
// Not now → declineInvite with keep / leave), so everything works before and without a script. The
// code travels in each form's hidden field, never in the forms' addresses.
import { API_ROUTES } from '@silk/schema/api-routes';
import { INVITE_ALREADY_USED, INVITE_EXPIRED, INVITE_UNKNOWN } from '@silk/schema/messages';
import { escapeHtml } from '../http/html-page';
import { NOT_NOW_SECTION_ID } from './invitation-mail';
import type { InvitationView } from './invitation-visit';

export const INVITE_COPY = {
  openTitle: 'You are invited to Silk',
  openNote: 'Your spot is ready. Continue to create your Silk account.',
  continue: 'Continue to Silk',
  continuingTitle: 'Welcome to Silk',
  notNowTitle: 'Not now?',
  notNowNote: 'Decline this invitation and choose what happens to your place on the waitlist.',
  keepLabel: 'Keep my place on the waitlist',
  leaveLabel: 'Remove me from the waitlist',
  notNow: 'Not now',
  usedNote: 'Each invitation works once. If you have created your account, sign in to Silk.',
  expiredNote: 'Invitations work for a limited time. You can stay on the waitlist for a later invitation.',
  stay: 'Stay on the waitlist',
  keptTitle: 'You keep your place',
  keptNote: 'You are still on the waitlist, in the same place. We will invite you again later.',
  leftTitle: 'You have left the waitlist',
  leftNote: 'We will not invite you again or send you more e-mails about the waitlist.',
  unknownNote: 'Check that you opened the whole link from your invitation e-mail. Nothing has been changed.',
} as const;

const codeField = (code: string) => `<input type="hidden" name="code" value="${escapeHtml(code)}">`;

function section(title: string, body: string): string {
  return (
    `<section class="status invite" aria-labelledby="invite-title">` +
    `<h1 id="invite-title">${escapeHtml(title)}</h1>${body}</section>`
  );
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

function openHtml(code: string): string {
  const decline =
    `<form id="${NOT_NOW_SECTION_ID}" class="invite-form" method="post" action="${API_ROUTES.declineInvite.path}" data-invite-form="decline">` +
    codeField(code) +
    `<fieldset><legend>${escapeHtml(INVITE_COPY.notNowTitle)}</legend>` +
    paragraph(INVITE_COPY.notNowNote) +
    `<label class="invite-choice"><input type="radio" name="choice" value="keep" checked> ${escapeHtml(INVITE_COPY.keepLabel)}</label>` +
    `<label class="invite-choice"><input type="radio" name="choice" value="leave"> ${escapeHtml(INVITE_COPY.leaveLabel)}</label>` +
    `</fieldset>` +
    `<button type="submit" class="button button--secondary">${escapeHtml(INVITE_COPY.notNow)}</button></form>`;
  return section(
    INVITE_COPY.openTitle,
    paragraph(INVITE_COPY.openNote) +
      `<form class="invite-form" method="post" action="${API_ROUTES.redeemInvite.path}" data-invite-form="redeem">` +
      codeField(code) +
      `<button type="submit" class="button button--primary">${escapeHtml(INVITE_COPY.continue)}</button></form>` +
      decline,
  );
}

function expiredHtml(code: string): string {
  return section(
    INVITE_EXPIRED,
    paragraph(INVITE_COPY.expiredNote) +
      `<form class="invite-form" method="post" action="${API_ROUTES.declineInvite.path}" data-invite-form="stay">` +
      codeField(code) +
      `<input type="hidden" name="choice" value="keep">` +
      `<button type="submit" class="button button--primary">${escapeHtml(INVITE_COPY.stay)}</button></form>`,
  );
}

const kept = () => section(INVITE_COPY.keptTitle, paragraph(INVITE_COPY.keptNote));
const left = () => section(INVITE_COPY.leftTitle, paragraph(INVITE_COPY.leftNote));

/** The page of an invitation (`code` is null when the link had none, or a malformed one). */
export function inviteHtml(view: InvitationView, code: string | null): string {
  if (code === null) return section(INVITE_UNKNOWN, paragraph(INVITE_COPY.unknownNote));
  switch (view.kind) {
    case 'open':
      return openHtml(code);
    case 'redeemed':
      return section(INVITE_ALREADY_USED, paragraph(INVITE_COPY.usedNote));
    case 'expired':
      return view.kept ? kept() : expiredHtml(code);
    case 'declined':
      return view.kept ? kept() : left();
    case 'unknown':
      return section(INVITE_UNKNOWN, paragraph(INVITE_COPY.unknownNote));
  }
}

/** The HTTP status of each state's page (a refused link is not a 200). */
export function inviteStatusCode(view: InvitationView, code: string | null): number {
  if (code === null) return 404;
  switch (view.kind) {
    case 'unknown':
      return 404;
    case 'redeemed':
      return 409;
    case 'expired':
      return view.kept ? 200 : 410;
    default:
      return 200;
  }
}

/**
 * The redeem form's answer: a page that moves on to the product's sign-up address at once (a meta
 * refresh, so no script is needed) and links there too. Not a 303: the site's Content-Security-Policy
 * (form-action 'self') refuses a form's redirect to another origin, and the product's origin is the
 * deployment's configuration, not the site's build.
 */
export function continuePage(continueTo: string): string {
  const href = escapeHtml(continueTo);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta http-equiv="refresh" content="0;url=${href}">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(INVITE_COPY.continuingTitle)} — Silk</title></head>` +
    `<body><main><h1>${escapeHtml(INVITE_COPY.continuingTitle)}</h1>` +
    `<p><a href="${href}">${escapeHtml(INVITE_COPY.continue)}</a></p></main></body></html>`
  );
}
