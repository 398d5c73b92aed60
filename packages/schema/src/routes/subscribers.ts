// The mailing list's subscriber: joining it, the links in its e-mails (confirm, unsubscribe, re-subscribe, erase) and their pages.
import type { LinkTokenRequest, LinkTokenResponse, SubscribeRequest, SubscribeResponse } from '../api';
import { type PageAnswer, SIGNUP_LIMITS, defineRoutes, route } from './route';

/** The links in our e-mails: per address and per subscriber, once the token is verified. */
const LINK_LIMITS = [
  { scope: 'subscription:ip', key: 'ip', limit: 'subscription.perIp', when: 'body' },
  { scope: 'subscription:key', key: 'subscriber', limit: 'subscription.perKey', when: 'body' },
] as const;

export const SUBSCRIBER_ROUTES = defineRoutes('subscribers', {
  subscribe: route<SubscribeRequest, SubscribeResponse>()({
    path: '/api/subscribe',
    hosting: 'site',
    access: { kind: 'app-check' },
    rateLimits: SIGNUP_LIMITS,
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  /** The "Confirm my spot" link's page: the shell with the link's token in its form (changes nothing). */
  confirmPage: route<Record<string, never>, PageAnswer>()({
    path: '/confirm',
    hosting: 'site',
    methods: ['GET'],
    bodies: [],
    access: { kind: 'public' },
    answer: 'html',
  }),
  confirmSubscription: route<LinkTokenRequest, LinkTokenResponse>()({
    path: '/api/confirm',
    hosting: 'site',
    bodies: ['json', 'form'],
    access: { kind: 'signed-link', purpose: 'confirm' },
    rateLimits: LINK_LIMITS,
  }),
  unsubscribe: route<LinkTokenRequest, LinkTokenResponse>()({
    path: '/api/unsubscribe',
    hosting: 'site',
    bodies: ['json', 'form'],
    access: { kind: 'signed-link', purpose: 'unsubscribe', oneClick: true },
    rateLimits: LINK_LIMITS,
  }),
  resubscribe: route<LinkTokenRequest, LinkTokenResponse>()({
    path: '/api/resubscribe',
    hosting: 'site',
    bodies: ['json', 'form'],
    access: { kind: 'signed-link', purpose: 'unsubscribe' },
    rateLimits: LINK_LIMITS,
  }),
  /** The "Unsubscribe" and "Delete my data" links' page: the shell with the link's tokens in its forms. */
  unsubscribePage: route<Record<string, never>, PageAnswer>()({
    path: '/unsubscribe',
    hosting: 'site',
    methods: ['GET'],
    bodies: [],
    access: { kind: 'public' },
    answer: 'html',
  }),
  eraseSubscriber: route<LinkTokenRequest, LinkTokenResponse>()({
    path: '/api/erase',
    hosting: 'site',
    access: { kind: 'signed-link', purpose: 'erase' },
    rateLimits: LINK_LIMITS,
    audit: ['signup.erased'],
  }),
});
