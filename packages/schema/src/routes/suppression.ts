// The mail provider's bounce and complaint reports.
import type { MailEventRequest, MailEventResponse } from '../mail-events-api';
import { defineRoutes, route } from './route';

export const SUPPRESSION_ROUTES = defineRoutes('suppression', {
  /** The mail provider reports a bounce or complaint (signed): the address is suppressed. */
  mailEvents: route<MailEventRequest, MailEventResponse>()({
    path: '/api/mail-events',
    hosting: 'site',
    access: { kind: 'provider-signature' },
    rateLimits: [{ scope: 'mailEvents:ip', key: 'ip', limit: 'mailEvents.perIp', when: 'request' }],
    maxBodyBytes: 64 * 1024,
  }),
});
