import { ROLES, type Role } from '@silk/schema/roles';
import type { ReactNode } from 'react';

interface RoleCheckboxesProps {
  legend: ReactNode;
  selected: ReadonlySet<string>;
  onToggle: (role: Role) => void;
}

/** The 15 roles of PRODUCT.md#roles as a checklist, in SPEC order. */
export function RoleCheckboxes({ legend, selected, onToggle }: RoleCheckboxesProps) {
  return (
    <fieldset className="roles">
      <legend className="roles__legend">{legend}</legend>
      <div className="roles__grid">
        {ROLES.map((role) => (
          <label key={role} className="roles__option">
            <input type="checkbox" checked={selected.has(role)} onChange={() => onToggle(role)} />
            <span>{role}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
