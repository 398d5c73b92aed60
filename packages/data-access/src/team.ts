// The Team Manager's calls: list the team, edit a member's roles or status, remove a member. Each goes
// through an Admin-only function with the caller's ID token.
import type { MessageResponse, TeamListResponse, TeamMember, TeamUpdateRequest } from '@silk/schema/staff-api';
import { ID_TOKEN_MISSING } from '@silk/schema/messages';
import type { AdminServices } from './admin-firebase';
import { callApi } from './api-client';

async function idToken(services: AdminServices): Promise<string> {
  const user = services.auth.currentUser;
  if (!user) throw new Error(ID_TOKEN_MISSING);
  return user.getIdToken();
}

export async function listTeam(services: AdminServices): Promise<TeamMember[]> {
  const { members } = await callApi<TeamListResponse>(services.apiBase, 'teamList', {}, await idToken(services));
  return members;
}

export async function updateTeamMember(services: AdminServices, change: TeamUpdateRequest): Promise<string> {
  const { message } = await callApi<MessageResponse>(services.apiBase, 'teamUpdate', { ...change }, await idToken(services));
  return message;
}

export async function removeTeamMember(services: AdminServices, email: string): Promise<string> {
  const { message } = await callApi<MessageResponse>(services.apiBase, 'teamRemove', { email }, await idToken(services));
  return message;
}
