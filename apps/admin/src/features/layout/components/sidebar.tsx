import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { tabPaths, type TabId } from '../../../app/paths';
import { CollapseIcon, ListIcon, LogoutIcon, SettingsIcon, TeamIcon } from '../../../components/icons';

const TABS: Array<{ id: TabId; label: string; Icon: ComponentType }> = [
  { id: 'waitlist', label: 'Waitlist Signups', Icon: ListIcon },
  { id: 'team', label: 'Team Manager', Icon: TeamIcon },
  { id: 'settings', label: 'Account Settings', Icon: SettingsIcon },
];

export interface SidebarProps {
  collapsed: boolean;
  onToggle: () => void;
  /** The tabs this user may open (Team Manager only for Admins). */
  tabs: readonly TabId[];
  onLogout: () => void;
}

/** Collapsible sidebar (expanded or icon-only) headed "Silk Admin" (SPEC §2). */
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
          <CollapseIcon collapsed={collapsed} />
        </button>
      </div>
      <nav id="admin-nav" aria-label="Admin sections" className="sidebar__nav">
        <ul>
          {TABS.filter((tab) => tabs.includes(tab.id)).map(({ id, label, Icon }) => (
            <li key={id}>
              <NavLink to={tabPaths[id]} end className="sidebar__link" title={collapsed ? label : undefined}>
                <Icon />
                <span className={collapsed ? 'visually-hidden' : undefined}>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <button type="button" className="sidebar__logout" onClick={onLogout} title={collapsed ? 'Logout' : undefined}>
        <LogoutIcon />
        <span className={collapsed ? 'visually-hidden' : undefined}>Logout</span>
      </button>
    </aside>
  );
}
