import { Button } from '@silk/ui/button';
import type { Role } from '@silk/schema/roles';
import { useEffect, useRef, type FormEvent } from 'react';
import type { TeamMember } from '@/features/team/api/team';
import { RoleCheckboxes } from '@/features/team/components/role-checkboxes';
import { useRoleSelection } from '@/features/team/hooks/use-role-selection';

interface RolesEditorProps {
  member: TeamMember;
  onSave: (roles: Role[]) => void;
  onCancel: () => void;
}

/** A member's roles as the 15 checkboxes, saved together; focus starts on the first one. */
export function RolesEditor({ member, onSave, onCancel }: RolesEditorProps) {
  const roles = useRoleSelection(member.roles);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave(roles.roles());
  }

  return (
    <form
      ref={formRef}
      className="roles-editor"
      noValidate
      onSubmit={handleSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <RoleCheckboxes
        legend={`Roles of ${member.username}`}
        selected={roles.selected}
        onToggle={roles.toggle}
      />
      <div className="roles-editor__actions">
        <Button type="submit">Save roles</Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
