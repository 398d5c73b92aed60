// The Team Manager's calls: list the team, edit a member's roles or status, remove a member. Each goes
// through an Admin-only function with the caller's ID token.
import type { TeamMember, TeamUpdateRequest } from '@silk/schema/staff-api';
import type { AdminServices } from './admin-firebase';
import { callApi } from './api-client';
import { staffClient } from './staff-client';

export async function listTeam(services: AdminServices): Promise<TeamMember[]> {
  const { members } = await callApi(await staffClient(services), 'teamList', {});
  return members;
}

export async function updateTeamMember(services: AdminServices, change: TeamUpdateRequest): Promise<string> {
  const { message } = await callApi(await staffClient(services), 'teamUpdate', change);
  return message;
}

export async function removeTeamMember(services: AdminServices, email: string): Promise<string> {
  const { message } = await callApi(await staffClient(services), 'teamRemove', { email });
  return message;
}
