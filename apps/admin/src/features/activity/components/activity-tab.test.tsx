import {
  listenToAuditLog,
  listenToSecurityEventCount,
  type AuditEntryRow,
} from '@silk/data-access/audit-log';
import { ACTIVITY_LOAD_FAILED, LOADING_DATA, securityEventsCount } from '@silk/schema/messages';
import { AUDIT_ACTIONS } from '@silk/schema/roles';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityTab } from './activity-tab';
import { services } from '@/testing/services';
import { fakeListener } from '@/testing/live';
import { bodyRows, textsByRole } from '@/testing/queries';

vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@silk/data-access/audit-log', () => ({
  listenToAuditLog: vi.fn(),
  listenToSecurityEventCount: vi.fn(),
}));

const auditLog = fakeListener<AuditEntryRow[]>();
const securityEvents = fakeListener<number>();

beforeEach(() => {
  auditLog.stop.mockReset();
  securityEvents.stop.mockReset();
  vi.mocked(listenToAuditLog).mockImplementation(auditLog.listen);
  vi.mocked(listenToSecurityEventCount).mockImplementation(securityEvents.listen);
});

function entry(
  id: string,
  actor: string,
  action: string,
  target: string,
  details: Record<string, unknown> = {},
) {
  return { id, actor, action, target, details, at: new Date(2026, 2, 4, 9, Number(id)) };
}

const ENTRIES: AuditEntryRow[] = [
  entry('5', 'ana@silk.travel', 'member.removed', 'ben@silk.travel', { username: 'ben', roles: ['Staff'] }),
  entry('4', 'ana@silk.travel', 'member.updated', 'cy@silk.travel', {
    roles: ['Director', 'Staff'],
    previousRoles: ['Staff'],
  }),
  entry('3', 'cy@silk.travel', 'username.changed', 'cy@silk.travel', { from: 'cy', to: 'cyrus' }),
  entry('2', 'ana@silk.travel', 'export', 'waitlist_signups', { rows: 42, filtered: false }),
  entry('1', 'bootstrap', 'bootstrap', 'ana@silk.travel', { username: 'ana', resetPassword: false }),
];

function rows() {
  return bodyRows(screen.getByRole('table'));
}

describe('Activity tab', () => {
  it('follows the audit log live, newest first, and stops on leaving', () => {
    const view = render(<ActivityTab />);
    expect(screen.getByRole('heading', { level: 2, name: 'Activity' })).toBeInTheDocument();
    expect(listenToAuditLog).toHaveBeenCalledWith(services, expect.any(Function), expect.any(Function));
    expect(screen.getByRole('status')).toHaveTextContent(LOADING_DATA);
    act(() => auditLog.deliver(ENTRIES));
    expect(
      within(screen.getByRole('region', { name: 'Activity log' })).getByRole('table'),
    ).toBeInTheDocument();
    expect(textsByRole(screen.getByRole('table'), 'columnheader')).toEqual([
      'Time',
      'Actor',
      'Action',
      'Target',
      'Details',
    ]);
    expect(rows().map((row) => row.slice(1))).toEqual([
      ['ana@silk.travel', 'Member removed', 'ben@silk.travel', 'username ben; roles: Staff'],
      ['ana@silk.travel', 'Member updated', 'cy@silk.travel', 'roles: Director, Staff (was Staff)'],
      ['cy@silk.travel', 'Username changed', 'cy@silk.travel', 'cy → cyrus'],
      ['ana@silk.travel', 'Export', 'waitlist_signups', '42 rows; all signups'],
      ['bootstrap', 'Bootstrap', 'ana@silk.travel', 'username ana'],
    ]);
    expect(rows()[0]![0]).toBe('Mar 4, 2026, 9:05 AM');
    expect(screen.getByText('Showing 5 of 5 entries')).toBeInTheDocument();

    const newer = entry('6', 'ana@silk.travel', 'member.disabled', 'dee@silk.travel', { disabled: true });
    act(() => auditLog.deliver([newer, ...ENTRIES]));
    expect(rows()[0]!.slice(1)).toEqual(['ana@silk.travel', 'Member disabled', 'dee@silk.travel', '']);

    view.unmount();
    expect(auditLog.stop).toHaveBeenCalled();
  });

  it('filters by actor and by action, together', async () => {
    const user = userEvent.setup();
    render(<ActivityTab />);
    act(() => auditLog.deliver(ENTRIES));
    const actor = screen.getByLabelText('Actor');
    const action = screen.getByLabelText('Action');
    expect(textsByRole(actor, 'option')).toEqual([
      'All actors',
      'ana@silk.travel',
      'bootstrap',
      'cy@silk.travel',
    ]);
    expect(within(action).getAllByRole('option')).toHaveLength(AUDIT_ACTIONS.length + 1);

    await user.selectOptions(actor, 'ana@silk.travel');
    expect(rows().map((row) => row[2])).toEqual(['Member removed', 'Member updated', 'Export']);
    expect(screen.getByText('Showing 3 of 5 entries')).toBeInTheDocument();

    await user.selectOptions(action, 'Export');
    expect(rows().map((row) => row[2])).toEqual(['Export']);

    await user.selectOptions(actor, 'cy@silk.travel');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No entries match the filters.')).toBeInTheDocument();

    await user.selectOptions(actor, 'All actors');
    await user.selectOptions(action, 'All actions');
    expect(rows()).toHaveLength(5);
  });

  it('says when there is no activity yet', () => {
    render(<ActivityTab />);
    act(() => auditLog.deliver([]));
    expect(screen.getByText('No activity yet.')).toBeInTheDocument();
  });

  it('shows an error when the log cannot be read', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<ActivityTab />);
    act(() =>
      auditLog.fail(
        Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' }),
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(ACTIVITY_LOAD_FAILED);
    expect(screen.queryByText(LOADING_DATA)).not.toBeInTheDocument();
  });

  it('counts the anonymous security events beside the log, which keeps only staff and system actions', () => {
    const view = render(<ActivityTab />);
    expect(listenToSecurityEventCount).toHaveBeenCalledWith(
      services,
      expect.any(Function),
      expect.any(Function),
    );
    expect(screen.queryByTestId('security-events')).not.toBeInTheDocument();
    act(() => auditLog.deliver(ENTRIES));
    act(() => securityEvents.deliver(600));
    expect(screen.getByTestId('security-events')).toHaveTextContent(securityEventsCount(600));
    expect(rows().map((row) => row[2])).toEqual([
      'Member removed',
      'Member updated',
      'Username changed',
      'Export',
      'Bootstrap',
    ]);
    expect(screen.getByText('Showing 5 of 5 entries')).toBeInTheDocument();
    act(() => securityEvents.deliver(601));
    expect(screen.getByTestId('security-events')).toHaveTextContent(securityEventsCount(601));
    view.unmount();
    expect(securityEvents.stop).toHaveBeenCalled();
  });

  it('still shows the log when the security events cannot be counted', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<ActivityTab />);
    act(() => auditLog.deliver(ENTRIES));
    act(() => securityEvents.fail(new Error('unavailable')));
    expect(screen.queryByTestId('security-events')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(rows()).toHaveLength(5);
  });
});
