// The subscriber's private status page and the fresh link to it.
import type { LinkTokenRequest } from '../api';
import type { StatusLinkRequest } from '../referral-api';
import {
  type FileAnswer,
  type PageAnswer,
  SITE_FORM,
  SITE_PAGE,
  defineRoutes,
  perIp,
  perIpAndEmail,
  perKey,
  route,
} from './route';

export const STATUS_ROUTES = defineRoutes('status', {
  /** The subscriber's private status page: `GET /status?token=<signed status link>`, rendered with the numbers. */
  statusPage: route<Record<string, never>, PageAnswer>()({
    path: '/status',
    ...SITE_PAGE,
    rateLimits: [perIp('statusPage')],
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  /** A fresh status link, sent only to the address itself (the answer is the same for any address). */
  statusLink: route<StatusLinkRequest, { ok: true }>()({
    path: '/api/status-link',
    ...SITE_FORM,
    rateLimits: perIpAndEmail('statusLink'),
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  /** "Download my data": everything Silk holds about the status link's subscriber, as a JSON file. */
  statusData: route<LinkTokenRequest, FileAnswer>()({
    path: '/api/status-data',
    hosting: 'site',
    bodies: ['json', 'form'],
    access: { kind: 'signed-link', purpose: 'status' },
    rateLimits: [perIp('statusPage', 'body'), perKey('statusPage', 'subscriber', 'statusData:key', 'body')],
    answer: 'file',
  }),
});
