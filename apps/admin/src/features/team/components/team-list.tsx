import { LOADING } from '@silk/schema/messages';
import { normalizeEmail } from '@silk/schema/validators';
import { Card } from '@silk/ui/card';
import { ColumnHeaders } from '@silk/ui/column-headers';
import { FormMessage } from '@silk/ui/form-message';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { removeMember, teamActionFailure, updateMember, type TeamMember } from '@/features/team/api/team';
import { MemberRow, TEAM_COLUMNS } from '@/features/team/components/member-row';
import type { Team } from '@/features/team/hooks/use-team';
import { useFormAction } from '@/lib/use-form-action';

interface TeamListProps {
  team: Team;
  /** The signed-in Admin's e-mail, to mark their own row. */
  currentEmail: string;
}

/**
 * "Team Members": every member with roles, status, creator and last sign-in, and the Admin's actions
 * (edit roles, disable / enable, remove after a confirmation). The server's answer shows in the green or
 * red box above the table; the list is loaded again after each change.
 */
export function TeamList({ team, currentEmail }: TeamListProps) {
  const action = useFormAction<string>();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const table = useRef<HTMLTableElement>(null);
  const self = normalizeEmail(currentEmail);

  function run(work: () => Promise<string>, done?: () => void) {
    if (action.pending) return;
    void action.submit(null, {
      run: work,
      failure: teamActionFailure,
      onSuccess: () => {
        done?.();
        team.refresh();
      },
    });
  }

  function confirmRemoval(member: TeamMember) {
    setRemoving(null);
    // The member's row goes away with its buttons: focus waits on the table.
    run(
      () => removeMember(member.email),
      () => table.current?.focus(),
    );
  }

  return (
    <Card heading="Team Members">
      <div className="team-list">
        <FormMessage tone="error">{action.error}</FormMessage>
        <FormMessage tone="success">{action.success}</FormMessage>
        <FormMessage tone="error">{team.error}</FormMessage>
        {team.members === null ? (
          team.error ? null : (
            <p className="table-state" role="status">
              {LOADING}
            </p>
          )
        ) : (
          <div className="table-scroll">
            <table
              ref={table}
              className="team-table"
              aria-label="Team members"
              aria-busy={action.pending}
              tabIndex={-1}
            >
              <ColumnHeaders columns={TEAM_COLUMNS} />
              <tbody>
                {team.members.map((member) => (
                  <MemberRow
                    key={member.email}
                    member={member}
                    isSelf={member.email === self}
                    onSaveRoles={(roles, done) =>
                      run(() => updateMember({ email: member.email, roles }), done)
                    }
                    onToggleDisabled={() =>
                      run(() => updateMember({ email: member.email, disabled: !member.disabled }))
                    }
                    onRemove={() => setRemoving(member)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {removing ? (
        <ConfirmDialog
          title={`Remove ${removing.username}?`}
          confirmLabel="Remove"
          onCancel={() => setRemoving(null)}
          onConfirm={() => confirmRemoval(removing)}
        >
          {removing.email} loses access at once: their account is deleted and an open panel signs out. This
          cannot be undone.
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
