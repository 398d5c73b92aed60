// The staff's accounts: sign-in, password reset, their own account, and the Admin's team tools.
import type { CreateTeamMemberResponse } from '../api';
import type { NewTeamMember } from '../entities';
import type {
  MessageResponse,
  PasswordChangeRequest,
  PasswordResetRequest,
  SignInRequest,
  SignInResponse,
  TeamListResponse,
  TeamRemoveRequest,
  TeamUpdateRequest,
  UsernameChangeRequest,
} from '../staff-api';
import {
  MANAGE_TEAM_LIMITS,
  adminOnly,
  defineRoutes,
  route,
  staffLimits,
  type RateLimitGroup,
} from './route';

/** Sign-in and reset requests: per address and per identifier, once the body is parsed. */
function identifierLimits<Group extends RateLimitGroup>(group: Group) {
  return [
    { scope: `${group}:ip`, key: 'ip', limit: `${group}.perIp`, when: 'body' },
    { scope: `${group}:key`, key: 'identifier', limit: `${group}.perKey`, when: 'body' },
  ] as const;
}

export const STAFF_ROUTES = defineRoutes('staff', {
  createTeamMember: route<NewTeamMember, CreateTeamMemberResponse>()({
    path: '/api/admin',
    hosting: 'admin',
    access: adminOnly('addMember'),
    rateLimits: staffLimits('createTeamMember', 'createTeamMember:caller'),
    audit: ['member.added'],
  }),
  signIn: route<SignInRequest, SignInResponse>()({
    path: '/api/sign-in',
    hosting: 'admin',
    access: { kind: 'public' },
    rateLimits: identifierLimits('signIn'),
  }),
  requestPasswordReset: route<PasswordResetRequest, { ok: true }>()({
    path: '/api/password-reset',
    hosting: 'admin',
    access: { kind: 'public' },
    rateLimits: identifierLimits('passwordReset'),
  }),
  changePassword: route<PasswordChangeRequest, MessageResponse>()({
    path: '/api/account/password',
    hosting: 'admin',
    access: { kind: 'staff', require: 'any-member', refusal: 'staff' },
    rateLimits: staffLimits('account', 'account:key'),
    audit: ['password.changed'],
  }),
  changeUsername: route<UsernameChangeRequest, MessageResponse>()({
    path: '/api/account/username',
    hosting: 'admin',
    access: { kind: 'staff', require: 'ready', refusal: 'staff' },
    rateLimits: staffLimits('account', 'account:key'),
    audit: ['username.changed'],
  }),
  teamList: route<Record<string, never>, TeamListResponse>()({
    path: '/api/team/list',
    hosting: 'admin',
    access: adminOnly('manageTeam'),
    rateLimits: MANAGE_TEAM_LIMITS,
  }),
  teamUpdate: route<TeamUpdateRequest, MessageResponse>()({
    path: '/api/team/update',
    hosting: 'admin',
    access: adminOnly('manageTeam'),
    rateLimits: MANAGE_TEAM_LIMITS,
    audit: ['member.updated', 'member.disabled', 'member.enabled'],
  }),
  teamRemove: route<TeamRemoveRequest, MessageResponse>()({
    path: '/api/team/remove',
    hosting: 'admin',
    access: adminOnly('manageTeam'),
    rateLimits: MANAGE_TEAM_LIMITS,
    audit: ['member.removed'],
  }),
});
