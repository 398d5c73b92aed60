// The mail provider's bounce and complaint reports.
import type { MailEventRequest, MailEventResponse } from '../mail-events-api';
import { defineRoutes, perIp, route } from './route';

export const SUPPRESSION_ROUTES = defineRoutes('suppression', {
  /** The mail provider reports a bounce or complaint (signed): the address is suppressed. */
  mailEvents: route<MailEventRequest, MailEventResponse>()({
    path: '/api/mail-events',
    hosting: 'site',
    access: { kind: 'provider-signature' },
    rateLimits: [perIp('mailEvents')],
    maxBodyBytes: 64 * 1024,
  }),
});
