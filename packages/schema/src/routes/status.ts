// The subscriber's private status page and the fresh link to it.
import type { StatusLinkRequest } from '../referral-api';
import { type PageAnswer, SITE_FORM, SITE_PAGE, defineRoutes, perIp, perIpAndEmail, route } from './route';

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
});
