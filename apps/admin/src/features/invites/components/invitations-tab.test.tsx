import '@/testing/staff-api';
import { callApi } from '@silk/data-access/api-client';
import { listenToDripSettings, listenToInviteWaves, type InviteWaveRow } from '@silk/data-access/invites';
import { staffClient } from '@silk/data-access/staff-client';
import type { DripSettings } from '@silk/schema/invites';
import { INVITES_LOAD_FAILED, inviteCountInvalid, NO_INVITE_WAVES } from '@silk/schema/messages';
import type { Role } from '@silk/schema/roles';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InvitationsTab } from './invitations-tab';
import { textsByRole } from '@/testing/queries';

vi.mock('@silk/data-access/invites', () => ({ listenToInviteWaves: vi.fn(), listenToDripSettings: vi.fn() }));

const call = vi.mocked(callApi);
const STAFF_CLIENT = { apiBase: '/api', staffToken: 'id-token' };
let deliverWaves: (waves: InviteWaveRow[]) => void = () => {};
let failWaves: (error: Error) => void = () => {};
let deliverDrip: (settings: DripSettings) => void = () => {};

beforeEach(() => {
  call.mockReset();
  vi.mocked(staffClient).mockResolvedValue(STAFF_CLIENT);
  vi.mocked(listenToInviteWaves).mockImplementation((_services, onWaves, onError) => {
    deliverWaves = onWaves;
    failWaves = onError;
    return () => {};
  });
  vi.mocked(listenToDripSettings).mockImplementation((_services, onSettings) => {
    deliverDrip = onSettings;
    return () => {};
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function renderTab(roles: Role[], url = '/admin/invitations') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <InvitationsTab roles={roles} />
    </MemoryRouter>,
  );
  act(() => {
    deliverWaves([]);
    deliverDrip({ enabled: false, perDay: 0, hourUtc: 9 });
  });
}

/** inviteWave answers a preview of `preview` and a start with its message. */
function answerWaves(preview: { count: number; first: string[]; fewerThanAsked: boolean }) {
  call.mockImplementation(async (_client, route, body) => {
    if (route !== 'inviteWave') throw new Error(`unexpected ${route}`);
    return (body as { preview: boolean }).preview
      ? { ok: true, preview }
      : { ok: true, waveId: 'w1', total: preview.count, message: `Inviting ${preview.count} people.` };
  });
}

const wave = (change: Partial<InviteWaveRow>): InviteWaveRow => ({
  id: 'w1',
  target: { kind: 'next', count: 3 },
  includeUnconfirmed: false,
  origin: 'admin',
  createdBy: 'ana@silk.travel',
  createdAt: Date.UTC(2026, 10, 25, 9),
  state: 'running',
  total: 3,
  invited: 1,
  ...change,
});

describe('Invitations tab', () => {
  it('shows a Staff member the waves and the drip, and no invite control', () => {
    renderTab(['Staff'], '/admin/invitations?invite=waiting');
    expect(screen.getByRole('heading', { level: 2, name: 'Invitations' })).toBeInTheDocument();
    expect(screen.getByText(NO_INVITE_WAVES)).toBeInTheDocument();
    expect(screen.getByText('Paused.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('follows the waves live: progress while running, then done', () => {
    renderTab(['Staff']);
    act(() => deliverWaves([wave({})]));
    const table = screen.getByRole('region', { name: 'Invite waves' });
    expect(within(table).getByRole('progressbar')).toHaveAttribute('value', '1');
    expect(table).toHaveTextContent('The next 3');
    expect(table).toHaveTextContent('1 of 3');
    act(() =>
      deliverWaves([
        wave({ state: 'done', invited: 3 }),
        wave({ id: 'w0', origin: 'drip', target: { kind: 'view', query: 'status=confirmed' } }),
      ]),
    );
    expect(table).toHaveTextContent('Done: 3 invited');
    expect(within(table).getByRole('link', { name: 'A filtered view' })).toHaveAttribute(
      'href',
      '/admin?status=confirmed',
    );
    expect(table).toHaveTextContent('Daily drip');
    act(() => failWaves(new Error('denied')));
    expect(screen.getByText(INVITES_LOAD_FAILED)).toBeInTheDocument();
  });

  it("previews the Admin's next N, shows the first addresses and says when fewer are waiting; confirming starts it once", async () => {
    answerWaves({ count: 2, first: ['a@example.com', 'b@example.com'], fewerThanAsked: true });
    const user = userEvent.setup();
    renderTab(['Admin']);
    const size = screen.getByRole('spinbutton', { name: 'Invite the next people in line' });
    await user.clear(size);
    await user.type(size, '0');
    await user.click(screen.getByRole('button', { name: 'Preview the wave' }));
    expect(screen.getByText(inviteCountInvalid(100_000))).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();

    await user.clear(size);
    await user.type(size, '3');
    await user.click(screen.getByRole('button', { name: 'Preview the wave' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Invite the next 3?' });
    expect(
      await within(dialog).findByText(/2 people would be invited: fewer are waiting than asked/),
    ).toBeInTheDocument();
    expect(textsByRole(dialog, 'listitem')).toEqual(['a@example.com', 'b@example.com']);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    const [, , preview] = call.mock.calls[0]!;
    expect(preview).toMatchObject({
      target: { kind: 'next', count: 3 },
      includeUnconfirmed: false,
      preview: true,
    });

    // Including unconfirmed addresses previews again.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Include unconfirmed addresses' }));
    expect(call).toHaveBeenCalledTimes(2);
    expect(call.mock.calls[1]![2]).toMatchObject({ includeUnconfirmed: true, preview: true });

    await user.click(await within(dialog).findByRole('button', { name: 'Invite 2' }));
    expect(await within(dialog).findByText('Inviting 2 people.')).toBeInTheDocument();
    const starts = call.mock.calls.filter(([, , body]) => (body as { preview: boolean }).preview === false);
    expect(starts).toHaveLength(1);
    expect(starts[0]![2]).toMatchObject({ target: { kind: 'next', count: 3 }, includeUnconfirmed: true });
    expect((starts[0]![2] as { requestId: string }).requestId).toBe(
      (preview as { requestId: string }).requestId,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('invites everyone in the filtered view the tab was opened with; nobody matching cannot be confirmed', async () => {
    answerWaves({ count: 0, first: [], fewerThanAsked: false });
    const user = userEvent.setup();
    renderTab(['Admin'], '/admin/invitations?invite=waiting&status=confirmed');
    expect(screen.getByRole('link', { name: 'The filtered view of the signups' })).toHaveAttribute(
      'href',
      '/admin?status=confirmed&invite=waiting',
    );
    await user.click(screen.getByRole('button', { name: 'Invite everyone in this view' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Invite everyone in this filtered view?' });
    expect(
      await within(dialog).findByText('No one waiting matches: nobody would be invited.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Invite 0' })).toBeDisabled();
    expect(call.mock.calls[0]![2]).toMatchObject({
      target: { kind: 'view', query: 'status=confirmed&invite=waiting' },
    });
  });

  it('has no "this view" wave without a filtered view', () => {
    renderTab(['Admin']);
    expect(screen.queryByRole('button', { name: 'Invite everyone in this view' })).not.toBeInTheDocument();
  });

  it("saves the Admin's drip: on, per day, hour (UTC); refuses a bad number before any call", async () => {
    call.mockResolvedValue({ ok: true, message: 'The drip is on.' });
    const user = userEvent.setup();
    renderTab(['Admin']);
    await user.click(screen.getByRole('button', { name: 'Save the drip' }));
    expect(screen.getByText(inviteCountInvalid(100_000))).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: 'Invite people every day' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Invitations per day' }), '25');
    await user.selectOptions(screen.getByRole('combobox', { name: 'At (UTC)' }), '14:00 UTC');
    await user.click(screen.getByRole('button', { name: 'Save the drip' }));
    expect(call).toHaveBeenCalledExactlyOnceWith(STAFF_CLIENT, 'inviteDrip', {
      enabled: true,
      perDay: 25,
      hourUtc: 14,
    });
    expect(await screen.findByText('The drip is on.')).toBeInTheDocument();
    act(() => deliverDrip({ enabled: true, perDay: 25, hourUtc: 14 }));
    expect(screen.getByText('On: 25 a day at 14:00 UTC.')).toBeInTheDocument();
  });
});
