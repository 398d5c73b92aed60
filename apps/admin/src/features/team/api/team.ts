import { addTeamMember, ApiError, StaffTokenMissing } from '@silk/data-access/api-client';
import { staffClient } from '@silk/data-access/staff-client';
import { listTeam, removeTeamMember, updateTeamMember } from '@silk/data-access/team';
import type { CreateTeamMemberResponse } from '@silk/schema/api';
import type { NewTeamMember } from '@silk/schema/entities';
import {
  ADD_MEMBER_FAILED,
  ID_TOKEN_MISSING,
  TEAM_ACTION_FAILED,
  TEAM_LOAD_FAILED,
} from '@silk/schema/messages';
import type { TeamMember, TeamUpdateRequest } from '@silk/schema/staff-api';
import { errorMessage } from '@/lib/error-message';
import { adminServices } from '@/lib/services';

export type { TeamMember } from '@silk/schema/staff-api';

/** The create-team-member call with the signed-in Admin's ID token. */
export async function addMember(member: NewTeamMember): Promise<CreateTeamMemberResponse> {
  return addTeamMember(await staffClient(adminServices()), member);
}

/**
 * PRODUCT.md#messages: the server's error text; a missing ID token asks to sign in again; anything else (network
 * failure, no answer) gets the fallback.
 */
function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof StaffTokenMissing) return ID_TOKEN_MISSING;
  if (error instanceof ApiError) return errorMessage(error, fallback);
  return fallback;
}

/** The message for a failed addMember. */
export function addMemberFailure(error: unknown): string {
  return failureMessage(error, ADD_MEMBER_FAILED);
}

export function fetchTeam(): Promise<TeamMember[]> {
  return listTeam(adminServices());
}

/** Resolves the server's success message. */
export function updateMember(change: TeamUpdateRequest): Promise<string> {
  return updateTeamMember(adminServices(), change);
}

/** Resolves the server's success message. */
export function removeMember(email: string): Promise<string> {
  return removeTeamMember(adminServices(), email);
}

/** The message for a failed update or removal (e.g. the server's last-Admin refusal). */
export function teamActionFailure(error: unknown): string {
  return failureMessage(error, TEAM_ACTION_FAILED);
}

export function teamLoadFailure(error: unknown): string {
  return failureMessage(error, TEAM_LOAD_FAILED);
}
