import '@/testing/quiet-tabs';
import { onAuthChange, setNewPassword, signInWithIdentifier, signOutUser } from '@silk/data-access/auth';
import { subscribeToSignups, type WaitlistSignupRow } from '@silk/data-access/signups';
import { deleteSignupsCache } from '@silk/data-access/signups-cache';
import { fetchStaffInfo, watchStaffAccess, type StaffInfo } from '@silk/data-access/staff';
import { ADMIN_PAGE_TITLE, MARKETING_TITLE, POST_LOGIN_LOAD_DELAY_MS } from '@silk/schema/constants';
import { LOADING, LOADING_DATA, NO_ACCESS_TITLE, noAccess } from '@silk/schema/messages';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from './routes';
import { services } from '@/testing/services';
import { textsByRole } from '@/testing/queries';
import { ADMIN_SIDEBAR } from '@/testing/sidebar';

vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@/config/env', () => ({ env: { apiBase: '/api', firebase: { projectId: 'demo-unit' } } }));
vi.mock('@silk/data-access/auth', () => ({
  onAuthChange: vi.fn(),
  signOutUser: vi.fn(),
  signInWithIdentifier: vi.fn(),
  sendPasswordResetForIdentifier: vi.fn(),
  setNewPassword: vi.fn(),
}));
vi.mock('@silk/data-access/staff-client', () => ({ staffClient: vi.fn() }));
vi.mock('@silk/data-access/staff', () => ({ fetchStaffInfo: vi.fn(), watchStaffAccess: vi.fn() }));
vi.mock('@silk/data-access/signups', () => ({ subscribeToSignups: vi.fn() }));
vi.mock('@silk/data-access/signups-cache', () => ({
  deleteSignupsCache: vi.fn(async () => {}),
  indexedDbSignupsCache: vi.fn(),
}));
vi.mock('@silk/data-access/usernames', () => ({ changeUsername: vi.fn() }));
vi.mock('@silk/data-access/api-client', () => ({
  addTeamMember: vi.fn(),
  downloadWaitlist: vi.fn(),
  ApiError: Error,
  StaffTokenMissing: Error,
}));

type AuthCallback = (user: { uid: string; email: string | null } | null) => void;
let authCallback: AuthCallback | undefined;
let deliverRows: ((rows: WaitlistSignupRow[]) => void) | undefined;
const unsubscribeAuth = vi.fn();
const unsubscribeSignups = vi.fn();
const unwatchStaff = vi.fn();
let staffRecord: { revoke: () => void; deliver: (info: StaffInfo) => void; uid: string } | undefined;

beforeEach(() => {
  authCallback = undefined;
  deliverRows = undefined;
  vi.mocked(onAuthChange).mockImplementation(((_services: unknown, callback: AuthCallback) => {
    authCallback = callback;
    return unsubscribeAuth;
  }) as never);
  vi.mocked(subscribeToSignups).mockImplementation((_services, onChange) => {
    deliverRows = (rows) => onChange({ rows, total: rows.length, complete: true, serverDocs: rows.length });
    return unsubscribeSignups;
  });
  vi.mocked(fetchStaffInfo).mockReset();
  vi.mocked(subscribeToSignups).mockClear();
  staffRecord = undefined;
  unwatchStaff.mockReset();
  vi.mocked(watchStaffAccess).mockImplementation((_services, _email, uid, onRevoked, onRecord) => {
    staffRecord = { revoke: onRevoked, deliver: (info) => onRecord?.(info), uid };
    return unwatchStaff;
  });
  vi.mocked(signOutUser).mockReset();
  vi.mocked(signOutUser).mockResolvedValue(undefined as never);
  unsubscribeSignups.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

let currentPath = '';
function LocationProbe() {
  currentPath = useLocation().pathname;
  return null;
}

function renderAt(path = '/admin') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
}

const ADMIN: StaffInfo = {
  username: 'ana',
  roles: ['Admin', 'Developer'],
  mustChangePassword: false,
  hasAccess: true,
};
const STAFF: StaffInfo = { username: 'sam', roles: ['Staff'], mustChangePassword: false, hasAccess: true };

async function signIn(staff: typeof ADMIN, path = '/admin') {
  vi.mocked(fetchStaffInfo).mockResolvedValue(staff);
  const view = renderAt(path);
  act(() => authCallback!({ uid: `uid-${staff.username}`, email: `${staff.username}@silk.travel` }));
  await screen.findByRole('navigation', { name: 'Admin sections' }, { timeout: 2000 });
  return view;
}

describe('admin panel shell', () => {
  it('sets the title "Admin Panel" and restores the marketing title on leaving', () => {
    document.title = MARKETING_TITLE;
    const view = renderAt();
    expect(document.title).toBe(ADMIN_PAGE_TITLE);
    view.unmount();
    expect(document.title).toBe(MARKETING_TITLE);
    expect(unsubscribeAuth).toHaveBeenCalled();
  });

  it('shows "Loading..." while the auth state is unknown, then the sign-in card when signed out', () => {
    renderAt();
    expect(screen.getByRole('status')).toHaveTextContent(LOADING);
    act(() => authCallback!(null));
    expect(screen.getByRole('heading', { name: 'Admin Sign In' })).toBeInTheDocument();
  });

  it('starts the live subscription and fetches staff info about 200 ms after sign-in', async () => {
    vi.useFakeTimers();
    vi.mocked(fetchStaffInfo).mockResolvedValue(ADMIN);
    renderAt();
    act(() => authCallback!({ uid: 'u1', email: 'ana@silk.travel' }));
    expect(screen.getByRole('status')).toHaveTextContent(LOADING);
    act(() => vi.advanceTimersByTime(POST_LOGIN_LOAD_DELAY_MS - 1));
    expect(fetchStaffInfo).not.toHaveBeenCalled();
    expect(subscribeToSignups).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetchStaffInfo).toHaveBeenCalledWith(services, 'ana@silk.travel', {
      signal: expect.any(AbortSignal),
    });
    expect(subscribeToSignups).toHaveBeenCalledWith(
      services,
      expect.any(Function),
      expect.objectContaining({ uid: 'u1' }),
    );
    vi.useRealTimers();
    // The Signups tab is a lazily imported chunk: on a busy machine its import takes more than the default second.
    expect(await screen.findByText(LOADING_DATA, undefined, { timeout: 5_000 })).toBeInTheDocument();
    act(() => deliverRows!([{ id: 'a@b.co', email: 'a@b.co' }]));
    expect(screen.queryByText(LOADING_DATA)).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Waitlist signups' })).toBeInTheDocument();
    expect(screen.getByText(/Total signups:/)).toHaveTextContent('Total signups: 1');
  });

  it('shows the username and comma-joined roles, and every tab for an Admin', async () => {
    await signIn(ADMIN);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('ana')).toBeInTheDocument();
    expect(within(header).getByText('Admin, Developer')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(textsByRole(nav, 'link')).toEqual(ADMIN_SIDEBAR);
    expect(within(nav).getByRole('link', { name: 'Waitlist Signups' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('Silk Admin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('lets an Admin open Team Manager and Account Settings', async () => {
    await signIn(ADMIN);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Team Manager' }));
    expect(screen.getByRole('heading', { name: 'Add New Team Member' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Account Settings' }));
    expect(screen.getByRole('heading', { name: 'Change Username' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current Username')).toHaveValue('ana');
  });

  it('hides Team Manager from a Staff member and does not open it by URL', async () => {
    await signIn(STAFF, '/admin/team');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).queryByRole('link', { name: 'Team Manager' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add New Team Member' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Waitlist Signups' })).toBeInTheDocument();
    expect(currentPath).toBe('/admin');
  });

  it('collapses the sidebar to icons and expands it again', async () => {
    await signIn(ADMIN);
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    // Icon-only: the labels stay available to assistive technology and as tooltips.
    const link = screen.getByRole('link', { name: 'Waitlist Signups' });
    expect(link).toHaveAttribute('title', 'Waitlist Signups');
    expect(within(link).getByText('Waitlist Signups')).toHaveClass('visually-hidden');
    await user.click(expand);
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: 'Waitlist Signups' })).getByText('Waitlist Signups'),
    ).not.toHaveClass('visually-hidden');
  });

  it('updates the top bar after a username change', async () => {
    const { changeUsername } = await import('@silk/data-access/usernames');
    vi.mocked(changeUsername).mockResolvedValue(undefined as never);
    await signIn(ADMIN, '/admin/settings');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Username'), 'ana.s');
    await user.click(screen.getByRole('button', { name: 'Update Username' }));
    expect(await within(screen.getByRole('banner')).findByText('ana.s')).toBeInTheDocument();
  });

  it('signs out with Logout and returns to the sign-in card', async () => {
    await signIn(ADMIN, '/admin/settings');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(signOutUser).toHaveBeenCalledWith(services);
    expect(currentPath).toBe('/admin');
    act(() => authCallback!(null));
    expect(screen.getByRole('heading', { name: 'Admin Sign In' })).toBeInTheDocument();
    expect(unsubscribeSignups).toHaveBeenCalled();
    // The browser's copy of the signups does not outlive the session.
    expect(deleteSignupsCache).toHaveBeenCalled();
  });

  it('tells a signed-in account without access so, reads no signups and offers to sign out', async () => {
    vi.mocked(fetchStaffInfo).mockResolvedValue({
      username: 'pat@example.com',
      roles: [],
      mustChangePassword: false,
      hasAccess: false,
    });
    renderAt();
    act(() => authCallback!({ uid: 'u3', email: 'pat@example.com' }));
    expect(
      await screen.findByRole('heading', { name: NO_ACCESS_TITLE }, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(noAccess('pat@example.com'));
    expect(screen.queryByText(LOADING_DATA)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    // The signups' reads, started beside the staff check, stop.
    expect(unsubscribeSignups).toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOutUser).toHaveBeenCalledWith(services);
  });

  it("watches the member's own staff record and shows roles an Admin changes, without a reload", async () => {
    await signIn(STAFF);
    expect(watchStaffAccess).toHaveBeenCalledWith(
      services,
      'sam@silk.travel',
      'uid-sam',
      expect.any(Function),
      expect.any(Function),
    );
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Staff')).toBeInTheDocument();
    act(() =>
      staffRecord!.deliver({
        username: 'sam',
        roles: ['Admin', 'Staff'],
        mustChangePassword: false,
        hasAccess: true,
      }),
    );
    expect(within(header).getByText('Admin, Staff')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Team Manager' })).toBeInTheDocument();
  });

  it('signs out at once when the member is removed or disabled while the panel is open', async () => {
    await signIn(ADMIN, '/admin/settings');
    act(() => staffRecord!.revoke());
    expect(signOutUser).toHaveBeenCalledWith(services);
    expect(currentPath).toBe('/admin');
    act(() => authCallback!(null));
    expect(screen.getByRole('heading', { name: 'Admin Sign In' })).toBeInTheDocument();
    expect(unwatchStaff).toHaveBeenCalled();
  });

  it('makes a member with a one-time password set a new one before the panel opens (after a reload: asks for it)', async () => {
    vi.mocked(setNewPassword).mockReset();
    vi.mocked(setNewPassword).mockResolvedValue(undefined as never);
    vi.mocked(fetchStaffInfo).mockResolvedValue({ ...STAFF, mustChangePassword: true });
    renderAt();
    act(() => authCallback!({ uid: 'u2', email: 'sam@silk.travel' }));
    expect(
      await screen.findByRole('heading', { name: 'Set a new password' }, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current Password'), 'One-T1me!pw');
    await user.type(screen.getByLabelText('New Password'), 'Str0ng!Pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Str0ng!Pass');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
    expect(setNewPassword).toHaveBeenCalledWith(services, 'Str0ng!Pass', 'One-T1me!pw');
  });

  it('passes the one-time password typed at sign-in to the forced change, without asking again', async () => {
    vi.mocked(setNewPassword).mockReset();
    vi.mocked(setNewPassword).mockResolvedValue(undefined as never);
    vi.mocked(signInWithIdentifier).mockResolvedValue(undefined as never);
    vi.mocked(fetchStaffInfo).mockResolvedValue({ ...STAFF, mustChangePassword: true });
    renderAt();
    act(() => authCallback!(null));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username or Email'), 'sam');
    await user.type(screen.getByLabelText('Password'), 'One-T1me!pw');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    act(() => authCallback!({ uid: 'u2', email: 'sam@silk.travel' }));
    expect(
      await screen.findByRole('heading', { name: 'Set a new password' }, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'Str0ng!Pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Str0ng!Pass');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
    expect(setNewPassword).toHaveBeenCalledWith(services, 'Str0ng!Pass', 'One-T1me!pw');
  });
});
