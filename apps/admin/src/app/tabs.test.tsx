import '@/testing/quiet-tabs';
import { ADMIN_ROLE, type Role } from '@silk/schema/roles';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Panel } from './shell/panel';
import { ADMIN_TABS, tabAt } from './tabs';
import { ADMIN_SIDEBAR } from '@/testing/sidebar';

const session = vi.hoisted(() => ({ roles: [] as Role[] }));
vi.mock('@/config/env', () => ({ env: { apiBase: '/api' } }));
vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@/features/auth/api/auth', () => ({ signOut: vi.fn(), forgetSignInPassword: vi.fn() }));
vi.mock('@/features/session/hooks/use-staff-session', () => ({
  useStaffSession: () => ({
    staff: { username: 'ana', roles: session.roles, mustChangePassword: false, hasAccess: true },
    signups: { rows: [], total: 0, complete: true, serverDocs: 0 },
    setUsername: () => {},
    passwordChanged: () => {},
  }),
}));

let currentPath = '';
function LocationProbe() {
  currentPath = useLocation().pathname;
  return null;
}

async function renderPanel(roles: Role[], path = '/admin') {
  session.roles = roles;
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<Panel user={{ uid: 'u1', email: 'ana@silk.travel' }} />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
  // The panel's first render loads its tab modules: on a loaded machine that takes more than a second.
  return screen.findByRole('navigation', { name: 'Admin sections' }, { timeout: 5_000 });
}

function sidebarEntries(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('link')
    .map((link) => ({ label: link.textContent, path: link.getAttribute('href') }));
}

describe('admin tab registry', () => {
  it('gives an Admin a sidebar entry for every tab, in registry order', async () => {
    const nav = await renderPanel([ADMIN_ROLE]);
    expect(sidebarEntries(nav)).toEqual(ADMIN_TABS.map(({ label, path }) => ({ label, path })));
  });

  it('leaves the role-restricted tabs out of a Staff member’s sidebar', async () => {
    const nav = await renderPanel(['Staff']);
    const open = ADMIN_TABS.filter((tab) => !tab.canOpen);
    expect(open.length).toBeLessThan(ADMIN_TABS.length);
    expect(sidebarEntries(nav)).toEqual(open.map(({ label, path }) => ({ label, path })));
  });

  it('places Insights, Referrals and Invitations right after Waitlist Signups, open to every member', async () => {
    expect(ADMIN_TABS.map((tab) => tab.label)).toEqual(ADMIN_SIDEBAR);
    const nav = await renderPanel(['Staff']);
    expect(sidebarEntries(nav)).toEqual([
      { label: 'Waitlist Signups', path: '/admin' },
      { label: 'Insights', path: '/admin/insights' },
      { label: 'Referrals', path: '/admin/referrals' },
      { label: 'Invitations', path: '/admin/invitations' },
      { label: 'Broadcasts', path: '/admin/broadcasts' },
      { label: 'E-mail copy', path: '/admin/emails' },
      { label: 'Account Settings', path: '/admin/settings' },
    ]);
  });

  it.each(ADMIN_TABS.map((tab) => [tab.label, tab] as const))('has a route for %s', async (label, tab) => {
    await renderPanel([ADMIN_ROLE], tab.path);
    expect(await screen.findByRole('heading', { level: 2, name: label })).toBeInTheDocument();
    expect(currentPath).toBe(tab.path);
  });
});

describe('the tab a panel opens on', () => {
  it('is the tab at the address, with or without a trailing slash; the Waitlist Signups tab elsewhere', () => {
    for (const tab of ADMIN_TABS) {
      expect(tabAt(tab.path)).toBe(tab);
      expect(tabAt(`${tab.path}/`)).toBe(tab);
    }
    expect(tabAt('/admin/no-such-tab').label).toBe('Waitlist Signups');
    expect(tabAt('/admin/').label).toBe('Waitlist Signups');
  });

  it('is loaded before the panel opens; the other tabs load after it, in the background', async () => {
    const team = ADMIN_TABS.find((tab) => tab.path === '/admin/team')!;
    const others = ADMIN_TABS.filter((tab) => tab !== team);
    const loads = ADMIN_TABS.map((tab) => vi.spyOn(tab.Component, 'preload'));
    await renderPanel([ADMIN_ROLE], team.path);
    expect(await screen.findByRole('heading', { level: 2, name: team.label })).toBeInTheDocument();
    const order = (tab: (typeof ADMIN_TABS)[number]) =>
      loads[ADMIN_TABS.indexOf(tab)]!.mock.invocationCallOrder[0] ?? Infinity;
    for (const other of others) expect(order(other)).toBeGreaterThan(order(team));
    expect(Math.max(...others.map(order))).toBeLessThan(Infinity);
    for (const load of loads) load.mockRestore();
  });
});
