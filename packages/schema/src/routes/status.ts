// The subscriber's private status page and the fresh link to it.
import type { StatusLinkRequest } from '../referral-api';
import { type PageAnswer, defineRoutes, route } from './route';

export const STATUS_ROUTES = defineRoutes('status', {
  /** The subscriber's private status page: `GET /status?token=<signed status link>`, rendered with the numbers. */
  statusPage: route<Record<string, never>, PageAnswer>()({
    path: '/status',
    hosting: 'site',
    methods: ['GET'],
    bodies: [],
    access: { kind: 'public' },
    rateLimits: [{ scope: 'statusPage:ip', key: 'ip', limit: 'statusPage.perIp', when: 'request' }],
    answer: 'html',
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  /** A fresh status link, sent only to the address itself (the answer is the same for any address). */
  statusLink: route<StatusLinkRequest, { ok: true }>()({
    path: '/api/status-link',
    hosting: 'site',
    bodies: ['json', 'form'],
    access: { kind: 'public' },
    rateLimits: [
      { scope: 'statusLink:ip', key: 'ip', limit: 'statusLink.perIp', when: 'request' },
      { scope: 'statusLink:email', key: 'email', limit: 'statusLink.perKey', when: 'body' },
    ],
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
});
