import { formatRoles, type Role } from '@silk/schema/roles';

/** Top bar: the current username and the comma-joined roles (PRODUCT.md#admin-panel). */
export function TopBar({ username, roles }: { username: string; roles: readonly Role[] }) {
  return (
    <header className="top-bar">
      <h1 className="top-bar__title">Admin Panel</h1>
      <div className="top-bar__user">
        <span className="top-bar__username" data-testid="current-username">
          {username}
        </span>
        {roles.length > 0 ? <span className="top-bar__roles">{formatRoles(roles)}</span> : null}
      </div>
    </header>
  );
}
