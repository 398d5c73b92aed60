import type * as ApiClient from '@silk/data-access/api-client';
import { addTeamMember, ApiError } from '@silk/data-access/api-client';
import { listTeam, removeTeamMember, updateTeamMember } from '@silk/data-access/team';
import { LAST_ADMIN_REQUIRED, TEAM_ACTION_FAILED, TEAM_LOAD_FAILED } from '@silk/schema/messages';
import { ROLES } from '@silk/schema/roles';
import type { TeamMember } from '@silk/schema/staff-api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TeamManager } from './team-manager';
import { services } from '@/testing/services';
import { textsByRole } from '@/testing/queries';

vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@/config/env', () => ({ env: { apiBase: '/api' } }));
vi.mock('@silk/data-access/staff-client', () => ({
  staffClient: vi.fn(async () => ({ apiBase: '/api', staffToken: 'id-token' })),
}));
vi.mock('@silk/data-access/team', () => ({
  listTeam: vi.fn(),
  updateTeamMember: vi.fn(),
  removeTeamMember: vi.fn(),
}));
vi.mock('@silk/data-access/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  addTeamMember: vi.fn(),
}));

const list = vi.mocked(listTeam);
const update = vi.mocked(updateTeamMember);
const remove = vi.mocked(removeTeamMember);

function member(overrides: Partial<TeamMember>): TeamMember {
  return {
    email: 'ana@silk.travel',
    username: 'ana',
    roles: ['Admin'],
    disabled: false,
    mustChangePassword: false,
    createdBy: 'bootstrap',
    createdAt: '2026-01-02T10:00:00.000Z',
    lastSignInAt: null,
    ...overrides,
  };
}

const ANA = member({ lastSignInAt: '2026-03-04T09:30:00.000Z' });
const BEN = member({
  email: 'ben@silk.travel',
  username: 'ben',
  roles: ['Staff'],
  createdBy: 'ana@silk.travel',
});
const CY = member({
  email: 'cy@silk.travel',
  username: 'cy',
  roles: [],
  disabled: true,
  createdBy: 'ana@silk.travel',
});
const DEE = member({
  email: 'dee@silk.travel',
  username: 'dee',
  roles: ['Director'],
  mustChangePassword: true,
});

beforeEach(() => {
  list.mockReset();
  update.mockReset();
  remove.mockReset();
  list.mockResolvedValue([ANA, BEN, CY, DEE]);
});

async function setup() {
  const user = userEvent.setup();
  render(<TeamManager email="Ana@silk.travel" />);
  const table = await screen.findByRole('table');
  const row = (username: string) =>
    within(table)
      .getByRole('rowheader', { name: new RegExp(`^${username}`) })
      .closest('tr')!;
  return { user, table, row };
}

describe('Team Manager: the team list', () => {
  it('keeps "Add New Team Member" above the list of members', async () => {
    await setup();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Team Manager', 'Add New Team Member', 'Team Members']);
    expect(list).toHaveBeenCalledWith(services);
  });

  it('shows username, e-mail, roles, status, creator and last sign-in of every member', async () => {
    const { table, row } = await setup();
    expect(textsByRole(table, 'columnheader')).toEqual([
      'Username',
      'Email',
      'Roles',
      'Status',
      'Created by',
      'Last sign-in',
      'Actions',
    ]);
    const cells = (username: string) => textsByRole(row(username), 'cell');
    expect(cells('ana').slice(0, 4)).toEqual(['ana@silk.travel', 'Admin', 'Active', 'bootstrap']);
    expect(cells('ana')[4]).toMatch(/^Mar \d, 2026, \d+:\d\d [AP]M$/);
    expect(within(row('ana')).getByRole('rowheader')).toHaveTextContent('ana (you)');
    expect(cells('ben').slice(0, 5)).toEqual([
      'ben@silk.travel',
      'Staff',
      'Active',
      'ana@silk.travel',
      'Never',
    ]);
    expect(cells('cy').slice(1, 2)).toEqual(['None']);
    expect(cells('cy')[2]).toBe('Disabled');
    expect(cells('dee')[2]).toBe('Must set password');
    expect(within(row('cy')).getByRole('button', { name: 'Enable cy' })).toBeInTheDocument();
    expect(within(row('ben')).getByRole('button', { name: 'Disable ben' })).toBeInTheDocument();
  });

  it('shows why the list could not be loaded', async () => {
    list.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<TeamManager email="ana@silk.travel" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_LOAD_FAILED);
  });

  it('loads the list again after a member is added', async () => {
    vi.mocked(addTeamMember).mockResolvedValue({ message: 'Successfully added eve to the team.' });
    const { user } = await setup();
    await user.type(screen.getByLabelText('Email Address'), 'eve@silk.travel');
    await user.type(screen.getByLabelText('Username'), 'eve');
    await user.click(screen.getByRole('button', { name: 'Add Team Member' }));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });
});

describe('Team Manager: editing roles', () => {
  it('edits the roles with the 15 checkboxes, saves them in SPEC order and shows the answer', async () => {
    update.mockResolvedValue('Updated ben@silk.travel.');
    const { user, row } = await setup();
    const edit = within(row('ben')).getByRole('button', { name: 'Edit roles of ben' });
    await user.click(edit);
    expect(edit).toHaveAttribute('aria-expanded', 'true');
    const editor = screen.getByRole('group', { name: 'Roles of ben' });
    const boxes = within(editor).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([...ROLES]);
    expect(within(editor).getByRole('checkbox', { name: 'Staff' })).toBeChecked();
    expect(boxes[0]).toHaveFocus();
    await user.click(within(editor).getByRole('checkbox', { name: 'Director' }));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(update).toHaveBeenCalledWith(services, { email: 'ben@silk.travel', roles: ['Director', 'Staff'] });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Updated ben@silk.travel.');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('group', { name: 'Roles of ben' })).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it("keeps the editor open and shows the server's refusal", async () => {
    update.mockRejectedValue(new ApiError(409, { error: LAST_ADMIN_REQUIRED }));
    const { user, row } = await setup();
    await user.click(within(row('ana')).getByRole('button', { name: 'Edit roles of ana' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Roles of ana' })).getByRole('checkbox', { name: 'Admin' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(LAST_ADMIN_REQUIRED);
    expect(alert).toHaveAttribute('aria-live', 'assertive');
    expect(screen.getByRole('group', { name: 'Roles of ana' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('closes the editor on Cancel or Escape without saving', async () => {
    const { user, row } = await setup();
    const edit = within(row('ben')).getByRole('button', { name: 'Edit roles of ben' });
    await user.click(edit);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Roles of ben' })).not.toBeInTheDocument();
    await user.click(edit);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Roles of ben' })).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
    expect(update).not.toHaveBeenCalled();
  });
});

describe('Team Manager: disabling and enabling', () => {
  it('disables an active member and enables a disabled one', async () => {
    update.mockResolvedValue('Updated.');
    const { user, row } = await setup();
    await user.click(within(row('ben')).getByRole('button', { name: 'Disable ben' }));
    expect(update).toHaveBeenLastCalledWith(services, { email: 'ben@silk.travel', disabled: true });
    expect(await screen.findByRole('status')).toHaveTextContent('Updated.');
    await user.click(within(row('cy')).getByRole('button', { name: 'Enable cy' }));
    expect(update).toHaveBeenLastCalledWith(services, { email: 'cy@silk.travel', disabled: false });
  });

  it('falls back to a generic message when the call gets no answer', async () => {
    update.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user, row } = await setup();
    await user.click(within(row('ben')).getByRole('button', { name: 'Disable ben' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_ACTION_FAILED);
  });
});

describe('Team Manager: removing a member', () => {
  it('asks first in a dialog that takes focus; Cancel closes it, returns focus and removes nobody', async () => {
    const { user, row } = await setup();
    const removeButton = within(row('ben')).getByRole('button', { name: 'Remove ben' });
    await user.click(removeButton);
    const dialog = screen.getByRole('alertdialog', { name: 'Remove ben?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/ben@silk\.travel loses access at once/);
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    // Focus stays inside while it is open.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.click(cancel);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(removeButton).toHaveFocus();
    expect(remove).not.toHaveBeenCalled();
  });

  it('cancels with Escape', async () => {
    const { user, row } = await setup();
    const removeButton = within(row('ben')).getByRole('button', { name: 'Remove ben' });
    await user.click(removeButton);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(removeButton).toHaveFocus();
    expect(remove).not.toHaveBeenCalled();
  });

  it('removes on confirmation, shows the answer and loads the list again', async () => {
    remove.mockResolvedValue('Removed ben@silk.travel from the team.');
    const { user, row } = await setup();
    await user.click(within(row('ben')).getByRole('button', { name: 'Remove ben' }));
    list.mockResolvedValue([ANA, CY, DEE]);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(remove).toHaveBeenCalledWith(services, 'ben@silk.travel');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Removed ben@silk.travel from the team.');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'ben' })).not.toBeInTheDocument());
    expect(screen.getByRole('table', { name: 'Team members' })).toHaveFocus();
  });

  it('shows the last-Admin refusal in the red box and keeps the member', async () => {
    remove.mockRejectedValue(new ApiError(409, { error: LAST_ADMIN_REQUIRED }));
    const { user, row } = await setup();
    await user.click(within(row('ana')).getByRole('button', { name: 'Remove ana' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LAST_ADMIN_REQUIRED);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(row('ana')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(1);
  });
});
