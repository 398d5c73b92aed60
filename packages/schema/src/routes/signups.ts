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
import {
  type FileAnswer,
  MANAGE_TEAM_LIMITS,
  SIGNUP_LIMITS,
  adminOnly,
  defineRoutes,
  route,
  staffLimits,
} from './route';

export const SIGNUP_ROUTES = defineRoutes('signups', {
  waitlistUpdate: route<WaitlistUpdateRequest, WaitlistUpdateResponse>()({
    path: '/api/waitlist-update',
    hosting: 'site',
    access: { kind: 'app-check' },
    rateLimits: [
      { scope: 'waitlistUpdate:ip', key: 'ip', limit: 'waitlistUpdate.perIp', when: 'request' },
      { scope: 'waitlistUpdate:email', key: 'email', limit: 'waitlistUpdate.perKey', when: 'body' },
    ],
    secrets: ['RECAPTCHA_SECRET_KEY'],
  }),
  joinWaitlist: route<JoinRequest, SubscribeResponse>()({
    path: '/api/join',
    hosting: 'site',
    bodies: ['json', 'form'],
    access: { kind: 'public' },
    rateLimits: SIGNUP_LIMITS,
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  exportWaitlist: route<ExportWaitlistRequest, FileAnswer>()({
    path: '/api/xlsxdown',
    hosting: 'admin',
    access: { kind: 'staff', require: 'ready', refusal: 'staff' },
    rateLimits: staffLimits('exportWaitlist', 'exportWaitlist:caller'),
    audit: ['export'],
    answer: 'file',
    secrets: ['MAIL_TOKEN_SECRET'],
    runtime: { memory: '1GiB', timeoutSeconds: 300 },
  }),
  deleteSignup: route<DeleteSignupRequest, DeleteSignupResponse>()({
    path: '/api/signups/delete',
    hosting: 'admin',
    access: adminOnly('deleteSignup'),
    rateLimits: MANAGE_TEAM_LIMITS,
    audit: ['signup.deleted'],
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
});
