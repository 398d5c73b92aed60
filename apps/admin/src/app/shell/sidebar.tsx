import { collapsePath, expandPath, Icon, logoutPath } from '@silk/ui/icon';
import { NavLink } from 'react-router';
import type { AdminTab } from '@/app/tabs';

/** The panel's icons are drawn at 20 px with a stroke of 2. */
const ICON_PROPS = { size: 20, strokeWidth: 2 };

interface SidebarProps {
  collapsed: boolean;
  onToggle: () => void;
  /** The tabs this user may open, in order. */
  tabs: readonly AdminTab[];
  onLogout: () => void;
}

/** Collapsible sidebar (expanded or icon-only) headed "Silk Admin" (PRODUCT.md#admin-panel). */
export function Sidebar({ collapsed, onToggle, tabs, onLogout }: SidebarProps) {
  return (
    <aside className="sidebar" data-collapsed={collapsed} id="admin-sidebar">
      <div className="sidebar__head">
        <p className="sidebar__title">
          <span className="sidebar__logo" aria-hidden="true">
            S
          </span>
          <span className={collapsed ? 'visually-hidden' : undefined}>Silk Admin</span>
        </p>
        <button
          type="button"
          className="sidebar__toggle"
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-controls="admin-nav"
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        >
          <Icon path={collapsed ? expandPath : collapsePath} {...ICON_PROPS} />
        </button>
      </div>
      <nav id="admin-nav" aria-label="Admin sections" className="sidebar__nav">
        <ul>
          {tabs.map(({ id, label, icon, path }) => (
            <li key={id}>
              <NavLink to={path} end className="sidebar__link" title={collapsed ? label : undefined}>
                <Icon path={icon} {...ICON_PROPS} />
                <span className={collapsed ? 'visually-hidden' : undefined}>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <button
        type="button"
        className="sidebar__logout"
        onClick={onLogout}
        title={collapsed ? 'Logout' : undefined}
      >
        <Icon path={logoutPath} {...ICON_PROPS} />
        <span className={collapsed ? 'visually-hidden' : undefined}>Logout</span>
      </button>
    </aside>
  );
}
