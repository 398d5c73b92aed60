// The panel's one access rule (schema/roles canManageTeam): which tabs a user may open.
import { canManageTeam } from '@silk/schema/roles';
import type { TabId } from './paths';

export function allowedTabs(roles: readonly string[]): TabId[] {
  return canManageTeam(roles) ? ['waitlist', 'team', 'settings'] : ['waitlist', 'settings'];
}
