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
  adminOnly,
  adminTool,
  defineRoutes,
  memberCall,
  perIp,
  perKey,
  route,
  staffLimits,
  type RateLimitGroup,
} from './route';

/** Sign-in and reset requests, on the admin site for anyone: per address and per identifier, once parsed. */
function identifierCall<const Group extends RateLimitGroup>(group: Group) {
  return {
    hosting: 'admin',
    access: { kind: 'public' },
    rateLimits: [perIp(group, 'body'), perKey(group, 'identifier', `${group}:key`, 'body')],
  } as const;
}

const ACCOUNT_LIMITS = staffLimits('account', 'account:key');
const TEAM_ADMIN = adminTool('manageTeam');

export const STAFF_ROUTES = defineRoutes('staff', {
  createTeamMember: route<NewTeamMember, CreateTeamMemberResponse>()({
    path: '/api/admin',
    hosting: 'admin',
    access: adminOnly('addMember'),
    rateLimits: staffLimits('createTeamMember', 'createTeamMember:caller'),
    audit: ['member.added'],
  }),
  signIn: route<SignInRequest, SignInResponse>()({ path: '/api/sign-in', ...identifierCall('signIn') }),
  requestPasswordReset: route<PasswordResetRequest, { ok: true }>()({
    path: '/api/password-reset',
    ...identifierCall('passwordReset'),
  }),
  changePassword: route<PasswordChangeRequest, MessageResponse>()({
    path: '/api/account/password',
    ...memberCall('any-member'),
    rateLimits: ACCOUNT_LIMITS,
    audit: ['password.changed'],
  }),
  changeUsername: route<UsernameChangeRequest, MessageResponse>()({
    path: '/api/account/username',
    ...memberCall('ready'),
    rateLimits: ACCOUNT_LIMITS,
    audit: ['username.changed'],
  }),
  teamList: route<Record<string, never>, TeamListResponse>()({ path: '/api/team/list', ...TEAM_ADMIN }),
  teamUpdate: route<TeamUpdateRequest, MessageResponse>()({
    path: '/api/team/update',
    ...TEAM_ADMIN,
    audit: ['member.updated', 'member.disabled', 'member.enabled'],
  }),
  teamRemove: route<TeamRemoveRequest, MessageResponse>()({
    path: '/api/team/remove',
    ...TEAM_ADMIN,
    audit: ['member.removed'],
  }),
});
