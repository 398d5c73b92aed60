// The waitlist's signups: the no-script join, the feedback's bot check, and the Admin tools over them.
import type {
  DeleteSignupRequest,
  DeleteSignupResponse,
  ExportWaitlistRequest,
  JoinRequest,
  SubscribeResponse,
  WaitlistUpdateRequest,
  WaitlistUpdateResponse,
} from '../api';
import type {
  EmbedJoinRequest,
  EmbedJoinResponse,
  EmbedOriginsListRequest,
  EmbedOriginsResponse,
  EmbedOriginsSaveRequest,
} from '../embed-api';
import { EMBED_JOIN_PATH } from '../embed';
import {
  type FileAnswer,
  SIGNUP_LIMITS,
  SITE_FORM,
  adminTool,
  defineRoutes,
  memberCall,
  perIpAndEmail,
  route,
  staffLimits,
} from './route';

export const SIGNUP_ROUTES = defineRoutes('signups', {
  waitlistUpdate: route<WaitlistUpdateRequest, WaitlistUpdateResponse>()({
    path: '/api/waitlist-update',
    hosting: 'site',
    access: { kind: 'app-check' },
    rateLimits: perIpAndEmail('waitlistUpdate'),
    secrets: ['RECAPTCHA_SECRET_KEY'],
  }),
  joinWaitlist: route<JoinRequest, SubscribeResponse>()({
    path: '/api/join',
    ...SITE_FORM,
    rateLimits: SIGNUP_LIMITS,
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  /**
   * The embeddable widget's join (/embed.js on another site): /api/join's path, answered with the
   * referral link; CORS lets in the sites an Admin allowed, and a request without an Origin is refused.
   */
  embedJoin: route<EmbedJoinRequest, EmbedJoinResponse>()({
    path: EMBED_JOIN_PATH,
    hosting: 'site',
    access: { kind: 'public' },
    origins: 'embedders',
    rateLimits: SIGNUP_LIMITS,
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  /** An Admin reads the sites allowed to embed the widget. */
  embedOriginsList: route<EmbedOriginsListRequest, EmbedOriginsResponse>()({
    path: '/api/embed/origins',
    ...adminTool('manageEmbeds'),
  }),
  /** An Admin replaces the sites allowed to embed the widget. */
  embedOriginsSave: route<EmbedOriginsSaveRequest, EmbedOriginsResponse>()({
    path: '/api/embed/origins/save',
    ...adminTool('manageEmbeds'),
    audit: ['embed.origins.changed'],
  }),
  exportWaitlist: route<ExportWaitlistRequest, FileAnswer>()({
    path: '/api/xlsxdown',
    ...memberCall('ready'),
    rateLimits: staffLimits('exportWaitlist', 'exportWaitlist:caller'),
    audit: ['export'],
    answer: 'file',
    secrets: ['MAIL_TOKEN_SECRET'],
    runtime: { memory: '1GiB', timeoutSeconds: 300 },
  }),
  deleteSignup: route<DeleteSignupRequest, DeleteSignupResponse>()({
    path: '/api/signups/delete',
    ...adminTool('deleteSignup'),
    audit: ['signup.deleted'],
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
});
