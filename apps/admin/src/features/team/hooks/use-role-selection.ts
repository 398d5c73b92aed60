import { ROLES, type Role } from '@silk/schema/roles';
import { useState } from 'react';

interface RoleSelection {
  selected: ReadonlySet<string>;
  toggle: (role: Role) => void;
  /** The chosen roles in SPEC order. */
  roles: () => Role[];
  clear: () => void;
}

/** The checked roles of a roles checklist, starting from `initial`. */
export function useRoleSelection(initial: readonly Role[] = []): RoleSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(initial));
  return {
    selected,
    toggle: (role) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(role)) next.delete(role);
        else next.add(role);
        return next;
      }),
    roles: () => ROLES.filter((role) => selected.has(role)),
    clear: () => setSelected(new Set()),
  };
}
