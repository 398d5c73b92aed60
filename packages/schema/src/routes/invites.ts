// Invitations: their page and forms, the product's check of a redeemed one, and the Admin's waves and drip.
import type {
  DeclineInviteRequest,
  InviteDripRequest,
  InviteDripResponse,
  InviteWaveRequest,
  InviteWaveResponse,
  RedeemInviteRequest,
  RedeemInviteResponse,
  VerifyInviteRequest,
  VerifyInviteResponse,
} from '../invite-api';
import { MANAGE_TEAM_LIMITS, type PageAnswer, adminOnly, defineRoutes, route } from './route';

/** The invitation's pages and forms: per address. */
const INVITE_LIMITS = [
  { scope: 'invitePage:ip', key: 'ip', limit: 'invitePage.perIp', when: 'request' },
] as const;

export const INVITE_ROUTES = defineRoutes('invites', {
  /** The invitation page: `GET /invite?code=…`, rendered with the invitation's state and its two forms. */
  invitePage: route<Record<string, never>, PageAnswer>()({
    path: '/invite',
    hosting: 'site',
    methods: ['GET'],
    bodies: [],
    access: { kind: 'public' },
    rateLimits: INVITE_LIMITS,
    answer: 'html',
  }),
  /** Redeems an invitation (JSON, or the page's form: 303 to the product's sign-up address with a one-time token). */
  redeemInvite: route<RedeemInviteRequest, RedeemInviteResponse>()({
    path: '/api/invite/redeem',
    hosting: 'site',
    bodies: ['json', 'form'],
    access: { kind: 'public' },
    rateLimits: INVITE_LIMITS,
  }),
  /** "Not now": keeps the place on the waitlist or leaves it (the visitor's choice). */
  declineInvite: route<DeclineInviteRequest, { ok: true }>()({
    path: '/api/invite/decline',
    hosting: 'site',
    bodies: ['json', 'form'],
    access: { kind: 'public' },
    rateLimits: INVITE_LIMITS,
  }),
  /** The product's backend checks a redeemed invitation's one-time token. */
  verifyInvite: route<VerifyInviteRequest, VerifyInviteResponse>()({
    path: '/api/invite/verify',
    hosting: 'site',
    access: { kind: 'server-key' },
    rateLimits: [{ scope: 'inviteVerify:ip', key: 'ip', limit: 'inviteVerify.perIp', when: 'request' }],
  }),
  /** An Admin previews or starts a wave (idempotent by its request id). */
  inviteWave: route<InviteWaveRequest, InviteWaveResponse>()({
    path: '/api/invites/wave',
    hosting: 'admin',
    access: adminOnly('manageInvites'),
    rateLimits: MANAGE_TEAM_LIMITS,
    audit: ['invites.wave'],
  }),
  /** An Admin sets or pauses the daily drip. */
  inviteDrip: route<InviteDripRequest, InviteDripResponse>()({
    path: '/api/invites/drip',
    hosting: 'admin',
    access: adminOnly('manageInvites'),
    rateLimits: MANAGE_TEAM_LIMITS,
    audit: ['invites.drip'],
  }),
});
