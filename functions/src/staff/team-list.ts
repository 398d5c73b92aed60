// POST /api/team/list (teamList, admin host): every member with their roles, status, creator and last
// sign-in (from Auth), for the Team Manager. Admin-only.
//   200 {members} · 401 · 403 · 429
import { COLLECTIONS } from '@silk/schema/constants';
import type { TeamMember } from '@silk/schema/staff-api';
import { endpoint, type EndpointDeps, type EndpointHandler } from '../http/endpoint';
import { memberFrom } from './team';

const listTeam: EndpointHandler<'teamList'> = async ({ services }) => {
  const members = (await services.db.collection(COLLECTIONS.staff).get()).docs.map(memberFrom);
  const uids = members.flatMap((member) => (member.uid ? [{ uid: member.uid }] : []));
  const lastSignIn = new Map<string, string>();
  for (let start = 0; start < uids.length; start += 100) {
    const { users } = await services.auth.getUsers(uids.slice(start, start + 100));
    for (const user of users) {
      if (user.metadata.lastSignInTime)
        lastSignIn.set(user.uid, new Date(user.metadata.lastSignInTime).toISOString());
    }
  }
  const listed: TeamMember[] = members
    .map((member) => ({
      email: member.email,
      username: member.username,
      roles: member.roles,
      disabled: member.disabled,
      mustChangePassword: member.mustChangePassword,
      createdBy: member.createdBy,
      createdAt: member.createdAt?.toISOString() ?? null,
      lastSignInAt: (member.uid && lastSignIn.get(member.uid)) || null,
    }))
    .sort((a, b) => a.username.localeCompare(b.username) || a.email.localeCompare(b.email));
  return { members: listed };
};

export const makeTeamListHandler = (deps: Partial<EndpointDeps> = {}) => endpoint('teamList', listTeam, deps);
