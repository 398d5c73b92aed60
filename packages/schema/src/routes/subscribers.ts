// The mailing list's subscriber: joining it, the links in its e-mails (confirm, unsubscribe, re-subscribe,
// erase) and their pages.
import type { LinkTokenRequest, LinkTokenResponse, SubscribeRequest, SubscribeResponse } from '../api';
import type {
  MailCopyChangeResponse,
  MailCopyListRequest,
  MailCopyListResponse,
  MailCopyRestoreRequest,
  MailCopySaveRequest,
} from '../mail-copy-api';
import {
  type LinkPurpose,
  type PageAnswer,
  SIGNUP_LIMITS,
  SITE_PAGE,
  MANAGE_TEAM_LIMITS,
  adminTool,
  defineRoutes,
  memberCall,
  perIp,
  perKey,
  route,
} from './route';

/** A link of our e-mails, posted as JSON or the page's form: limited per address and per subscriber. */
function linkForm<const Purpose extends LinkPurpose>(purpose: Purpose) {
  return {
    hosting: 'site',
    bodies: ['json', 'form'],
    access: { kind: 'signed-link', purpose },
    rateLimits: [
      perIp('subscription', 'body'),
      perKey('subscription', 'subscriber', 'subscription:key', 'body'),
    ],
  } as const;
}

export const SUBSCRIBER_ROUTES = defineRoutes('subscribers', {
  subscribe: route<SubscribeRequest, SubscribeResponse>()({
    path: '/api/subscribe',
    hosting: 'site',
    access: { kind: 'app-check' },
    rateLimits: SIGNUP_LIMITS,
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  /** The "Confirm my spot" link's page: the shell with the link's token in its form (changes nothing). */
  confirmPage: route<Record<string, never>, PageAnswer>()({ path: '/confirm', ...SITE_PAGE }),
  confirmSubscription: route<LinkTokenRequest, LinkTokenResponse>()({
    path: '/api/confirm',
    ...linkForm('confirm'),
  }),
  unsubscribe: route<LinkTokenRequest, LinkTokenResponse>()({
    path: '/api/unsubscribe',
    ...linkForm('unsubscribe'),
    access: { kind: 'signed-link', purpose: 'unsubscribe', oneClick: true },
  }),
  resubscribe: route<LinkTokenRequest, LinkTokenResponse>()({
    path: '/api/resubscribe',
    ...linkForm('unsubscribe'),
  }),
  /** The "Unsubscribe" and "Delete my data" links' page: the shell with the link's tokens in its forms. */
  unsubscribePage: route<Record<string, never>, PageAnswer>()({ path: '/unsubscribe', ...SITE_PAGE }),
  eraseSubscriber: route<LinkTokenRequest, LinkTokenResponse>()({
    path: '/api/erase',
    ...linkForm('erase'),
    bodies: ['json'],
    audit: ['signup.erased'],
  }),
  /** The e-mail copy of each kind: the current one and its versions (any member may read them). */
  mailCopyList: route<MailCopyListRequest, MailCopyListResponse>()({
    path: '/api/mail-copy',
    ...memberCall('ready'),
    rateLimits: MANAGE_TEAM_LIMITS,
  }),
  /** An Admin saves a new version of a kind's copy (refused when it drops a required link). */
  mailCopySave: route<MailCopySaveRequest, MailCopyChangeResponse>()({
    path: '/api/mail-copy/save',
    ...adminTool('manageMailCopy'),
    audit: ['mailcopy.saved'],
  }),
  /** An Admin brings back an earlier version (or the default) as the newest one. */
  mailCopyRestore: route<MailCopyRestoreRequest, MailCopyChangeResponse>()({
    path: '/api/mail-copy/restore',
    ...adminTool('manageMailCopy'),
    audit: ['mailcopy.restored'],
  }),
});
