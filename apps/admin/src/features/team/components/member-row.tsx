import { formatSignupDate } from '@silk/schema/formatters';
import { formatRoles, type Role } from '@silk/schema/roles';
import { Button } from '@silk/ui/button';
import { useRef, useState } from 'react';
import type { TeamMember } from '@/features/team/api/team';
import { RolesEditor } from '@/features/team/components/roles-editor';

/** The status column: a disabled member is Disabled whatever else holds. */
export function memberStatus(member: TeamMember): 'Active' | 'Disabled' | 'Must set password' {
  if (member.disabled) return 'Disabled';
  return member.mustChangePassword ? 'Must set password' : 'Active';
}

/** Columns of the team table, also the editor row's span. */
export const TEAM_COLUMNS = ['Username', 'Email', 'Roles', 'Status', 'Created by', 'Last sign-in', 'Actions'];

interface MemberRowProps {
  member: TeamMember;
  isSelf: boolean;
  /** Saves the roles; `done` runs once they are saved. */
  onSaveRoles: (roles: Role[], done: () => void) => void;
  onToggleDisabled: () => void;
  onRemove: () => void;
}

/** One member with the Admin's actions; "Edit roles" opens the roles editor in a row below. */
export function MemberRow({ member, isSelf, onSaveRoles, onToggleDisabled, onRemove }: MemberRowProps) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const editorId = `roles-editor-${member.email}`;
  const closeEditor = () => {
    setEditing(false);
    editButton.current?.focus();
  };
  const status = memberStatus(member);

  return (
    <>
      <tr>
        <th scope="row">
          {member.username}
          {isSelf ? <span className="team-table__self"> (you)</span> : null}
        </th>
        <td>{member.email}</td>
        <td>{member.roles.length > 0 ? formatRoles(member.roles) : 'None'}</td>
        <td>
          <span className="member-status" data-status={status}>
            {status}
          </span>
        </td>
        <td>{member.createdBy || 'Unknown'}</td>
        <td>{member.lastSignInAt ? formatSignupDate(member.lastSignInAt) : 'Never'}</td>
        <td>
          <div className="team-table__actions">
            <Button
              ref={editButton}
              type="button"
              variant="secondary"
              aria-expanded={editing}
              aria-controls={editing ? editorId : undefined}
              onClick={() => (editing ? closeEditor() : setEditing(true))}
            >
              Edit roles<span className="visually-hidden"> of {member.username}</span>
            </Button>
            <Button type="button" variant="secondary" onClick={onToggleDisabled}>
              {member.disabled ? 'Enable' : 'Disable'}
              <span className="visually-hidden"> {member.username}</span>
            </Button>
            <Button type="button" variant="danger" onClick={onRemove}>
              Remove<span className="visually-hidden"> {member.username}</span>
            </Button>
          </div>
        </td>
      </tr>
      {editing ? (
        <tr className="team-table__editor">
          <td id={editorId} colSpan={TEAM_COLUMNS.length}>
            <RolesEditor
              member={member}
              onSave={(roles) => onSaveRoles(roles, closeEditor)}
              onCancel={closeEditor}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}
