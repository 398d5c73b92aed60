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
import { type PageAnswer, SITE_FORM, SITE_PAGE, adminTool, defineRoutes, perIp, route } from './route';

/** The invitation's pages and forms: per address. */
const INVITE_LIMITS = [perIp('invitePage')] as const;
const INVITES_ADMIN = adminTool('manageInvites');

export const INVITE_ROUTES = defineRoutes('invites', {
  /** The invitation page: `GET /invite?code=…`, rendered with the invitation's state and its two forms. */
  invitePage: route<Record<string, never>, PageAnswer>()({
    path: '/invite',
    ...SITE_PAGE,
    rateLimits: INVITE_LIMITS,
  }),
  /** Redeems an invitation (JSON, or the page's form: 303 to the product's sign-up address with a one-time token). */
  redeemInvite: route<RedeemInviteRequest, RedeemInviteResponse>()({
    path: '/api/invite/redeem',
    ...SITE_FORM,
    rateLimits: INVITE_LIMITS,
  }),
  /** "Not now": keeps the place on the waitlist or leaves it (the visitor's choice). */
  declineInvite: route<DeclineInviteRequest, { ok: true }>()({
    path: '/api/invite/decline',
    ...SITE_FORM,
    rateLimits: INVITE_LIMITS,
  }),
  /** The product's backend checks a redeemed invitation's one-time token. */
  verifyInvite: route<VerifyInviteRequest, VerifyInviteResponse>()({
    path: '/api/invite/verify',
    hosting: 'site',
    access: { kind: 'server-key' },
    rateLimits: [perIp('inviteVerify')],
  }),
  /** An Admin previews or starts a wave (idempotent by its request id). */
  inviteWave: route<InviteWaveRequest, InviteWaveResponse>()({
    path: '/api/invites/wave',
    ...INVITES_ADMIN,
    audit: ['invites.wave'],
  }),
  /** An Admin sets or pauses the daily drip. */
  inviteDrip: route<InviteDripRequest, InviteDripResponse>()({
    path: '/api/invites/drip',
    ...INVITES_ADMIN,
    audit: ['invites.drip'],
  }),
});
