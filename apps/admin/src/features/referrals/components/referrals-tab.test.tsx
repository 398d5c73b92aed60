import '@/testing/staff-api';
import { ApiError, callApi } from '@silk/data-access/api-client';
import { listenToRankingSettings, listenToWithheldReferrals } from '@silk/data-access/referrals';
import { listenToRewardQueue, listenToRewardTiers } from '@silk/data-access/rewards';
import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { staffClient } from '@silk/data-access/staff-client';
import {
  LOADING_DATA,
  NO_WITHHELD_REFERRALS,
  RANKING_LOAD_FAILED,
  REFERRALS_ADMIN_REQUIRED,
  REFERRALS_LOAD_FAILED,
  NO_REWARD_ENTRIES,
  PLACES_SKIPPED_HINT,
  REWARD_REQUEST_INVALID,
  REWARDS_ADMIN_REQUIRED,
} from '@silk/schema/messages';
import { rerankDone, rerankRunning } from '@silk/schema/ranking-cases';
import type { RankingSettings, ReferralRecord } from '@silk/schema/referrals';
import type { RewardEntry, RewardTier } from '@silk/schema/rewards';
import type { Role } from '@silk/schema/roles';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { services } from '@/testing/services';
import { ReferralsTab } from './referrals-tab';
import { fakeListener } from '@/testing/live';
import { bodyRows } from '@/testing/queries';

vi.mock('@silk/data-access/referrals', () => ({
  listenToWithheldReferrals: vi.fn(),
  listenToRankingSettings: vi.fn(),
}));
vi.mock('@silk/data-access/rewards', () => ({
  listenToRewardTiers: vi.fn(),
  listenToRewardQueue: vi.fn(),
}));

const call = vi.mocked(callApi);
const STAFF_CLIENT = { apiBase: '/api', staffToken: 'id-token' };
const queue = fakeListener<ReferralRecord[]>();
const ranking = fakeListener<RankingSettings>();
const tiers = fakeListener<RewardTier[]>();
const rewards = fakeListener<(RewardEntry & { id: string })[]>();

beforeEach(() => {
  call.mockReset();
  queue.stop.mockReset();
  ranking.stop.mockReset();
  vi.mocked(staffClient).mockResolvedValue(STAFF_CLIENT);
  vi.mocked(listenToWithheldReferrals).mockImplementation(queue.listen);
  vi.mocked(listenToRankingSettings).mockImplementation(ranking.listen);
  vi.mocked(listenToRewardTiers).mockImplementation(tiers.listen);
  vi.mocked(listenToRewardQueue).mockImplementation(rewards.listen);
});

const at = (day: number) => new Date(Date.UTC(2026, 10, day));
const SIGNUPS: WaitlistSignupRow[] = [
  { id: 'ana@example.com', email: 'ana@example.com', timestamp: at(1), confirmedReferrals: 3 },
  { id: 'bo@example.com', email: 'bo@example.com', timestamp: at(2), referredBy: 'ana@example.com' },
  {
    id: 'cy@example.com',
    email: 'cy@example.com',
    timestamp: at(3),
    referredBy: 'ana@example.com',
    confirmedReferrals: 1,
  },
  { id: 'dee@example.com', email: 'dee@example.com', timestamp: at(4), referredBy: 'cy@example.com' },
];
const WITHHELD: ReferralRecord[] = [
  {
    referred: 'ana+2@example.com',
    referrer: 'ana@example.com',
    code: 'abcd2345',
    status: 'withheld',
    reason: 'same-person',
    createdAt: Date.UTC(2026, 10, 5),
    confirmedAt: Date.UTC(2026, 10, 5, 1),
  },
  {
    referred: 'eve@mailinator.com',
    referrer: 'cy@example.com',
    code: 'efgh2345',
    status: 'withheld',
    reason: 'disposable-domain',
    createdAt: Date.UTC(2026, 10, 6),
  },
];
const SETTINGS: RankingSettings = { rule: { kind: 'signup-time' }, version: 1 };

function renderTab(roles: Role[], signups: WaitlistSignupRow[] | null = SIGNUPS) {
  const view = render(<ReferralsTab signups={signups} roles={roles} />);
  return view;
}

function tableRows(name: string) {
  return bodyRows(screen.getByRole('region', { name }));
}

describe('Referrals tab', () => {
  it('shows every member the top referrers from the rows, the live review queue and the rule in force, without controls', () => {
    const { unmount } = renderTab(['Staff']);
    expect(screen.getByRole('heading', { level: 2, name: 'Referrals' })).toBeInTheDocument();
    expect(tableRows('Leaderboard of top referrers')).toEqual([
      ['1', 'ana@example.com', '3', '2'],
      ['2', 'cy@example.com', '1', '1'],
    ]);
    expect(listenToWithheldReferrals).toHaveBeenCalledWith(
      services,
      expect.any(Function),
      expect.any(Function),
    );
    expect(listenToRankingSettings).toHaveBeenCalledWith(
      services,
      expect.any(Function),
      expect.any(Function),
    );
    expect(screen.getAllByText(LOADING_DATA)).toHaveLength(3); // the queue, the tiers, the rewards

    act(() => queue.deliver(WITHHELD));
    act(() => ranking.deliver(SETTINGS));
    expect(tableRows('Referrals waiting for review')).toEqual([
      [
        'ana+2@example.com',
        'ana@example.com',
        'Same person as the referrer',
        expect.stringContaining('2026'),
      ],
      ['eve@mailinator.com', 'cy@example.com', 'Disposable e-mail domain', 'N/A'],
    ]);
    expect(screen.queryByRole('button', { name: /Grant|Reject/ })).not.toBeInTheDocument();
    expect(screen.getByText(/In force:/)).toHaveTextContent('In force: By signup time');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply rule' })).not.toBeInTheDocument();

    // A decision made elsewhere takes the referral out of the live queue.
    act(() => queue.deliver([]));
    expect(screen.getByText(NO_WITHHELD_REFERRALS)).toBeInTheDocument();
    unmount();
    expect(queue.stop).toHaveBeenCalledOnce();
    expect(ranking.stop).toHaveBeenCalledOnce();
  });

  it('says so when there are no confirmed referrals, and while the signups load', () => {
    const { rerender } = renderTab(['Staff'], null);
    expect(screen.getAllByText(LOADING_DATA)).toHaveLength(4); // the top referrers, the queue, the tiers, the rewards
    rerender(<ReferralsTab signups={[SIGNUPS[1]!]} roles={['Staff']} />);
    expect(screen.getByText('No confirmed referrals yet.')).toBeInTheDocument();
  });

  it("lets an Admin grant and reject a withheld referral through the review route, with the server's message", async () => {
    call.mockResolvedValueOnce({ ok: true, status: 'credited', message: 'Referral granted.' });
    call.mockRejectedValueOnce(new ApiError(403, { error: REFERRALS_ADMIN_REQUIRED }));
    const user = userEvent.setup();
    renderTab(['Admin']);
    act(() => queue.deliver(WITHHELD));
    await user.click(screen.getByRole('button', { name: 'Grant the referral of ana+2@example.com' }));
    expect(call).toHaveBeenCalledExactlyOnceWith(STAFF_CLIENT, 'reviewReferral', {
      referred: 'ana+2@example.com',
      decision: 'grant',
    });
    expect(await screen.findByText('Referral granted.')).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('button', { name: 'Reject the referral of eve@mailinator.com' }));
    expect(call).toHaveBeenLastCalledWith(STAFF_CLIENT, 'reviewReferral', {
      referred: 'eve@mailinator.com',
      decision: 'reject',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(REFERRALS_ADMIN_REQUIRED);
  });

  it('lets an Admin choose the ranking rule (skip N places) and follows the re-rank live', async () => {
    call.mockResolvedValue({ ok: true, version: 2, message: 'Ranking rule changed. Re-ranking everyone.' });
    const user = userEvent.setup();
    renderTab(['Admin']);
    act(() => ranking.deliver(SETTINGS));
    expect(screen.getByRole('radio', { name: 'By signup time' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Skip places per confirmed referral' }));
    const places = screen.getByRole('spinbutton', { name: 'Places skipped per confirmed referral' });
    await user.clear(places);
    await user.type(places, '0');
    await user.click(screen.getByRole('button', { name: 'Apply rule' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number of places from 1 to 1,000.');
    expect(call).not.toHaveBeenCalled();

    await user.clear(places);
    await user.type(places, '5');
    await user.click(screen.getByRole('button', { name: 'Apply rule' }));
    expect(call).toHaveBeenCalledExactlyOnceWith(STAFF_CLIENT, 'setRankingRule', {
      rule: { kind: 'skip', places: 5 },
    });
    expect(await screen.findByText('Ranking rule changed. Re-ranking everyone.')).toBeInTheDocument();

    // settings/ranking as the re-rank writes it: progress while running, the old rule still in force.
    act(() => ranking.deliver(rerankRunning(40_000, 100_000, 1)));
    const progress = screen.getByRole('progressbar', { name: /Re-ranking everyone/ });
    expect(progress).toHaveAttribute('value', '40000');
    expect(progress).toHaveAttribute('max', '100000');
    expect(screen.getByText(/40,000 of 100,000/)).toBeInTheDocument();
    expect(screen.getByText(/In force:/)).toHaveTextContent('By signup time');
    expect(screen.getByRole('button', { name: 'Apply rule' })).toBeDisabled();

    act(() => ranking.deliver(rerankDone(100_000)));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText(/In force:/)).toHaveTextContent('Skip 5 places per confirmed referral');
    expect(
      screen.getByText('Re-ranked 100,000 signups for “Skip 5 places per confirmed referral”.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Skip places per confirmed referral' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Apply rule' })).toBeEnabled();
  });

  it('shows a failed read of the queue or of the rule as an alert', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderTab(['Admin']);
    act(() => queue.fail(new Error('permission-denied')));
    act(() => ranking.fail(new Error('permission-denied')));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([REFERRALS_LOAD_FAILED, RANKING_LOAD_FAILED]);
    logged.mockRestore();
  });
});

const EARLY: RewardTier = { id: 'early', referrals: 3, name: 'Early beta', description: 'Skip the line.' };
const MERCH: RewardTier = {
  id: 'merch',
  referrals: 10,
  name: 'Merch',
  description: '',
  placesSkipped: 20,
  autoInvite: true,
};
const ENTRIES: (RewardEntry & { id: string })[] = [
  {
    id: 'ana@example.com_merch',
    email: 'ana@example.com',
    tierId: 'merch',
    tierName: 'Merch',
    referrals: 10,
    reachedAt: Date.UTC(2026, 10, 7),
    status: 'unfulfilled',
  },
  {
    id: 'ana@example.com_early',
    email: 'ana@example.com',
    tierId: 'early',
    tierName: 'Early beta',
    referrals: 3,
    reachedAt: Date.UTC(2026, 10, 6),
    status: 'unfulfilled',
  },
  {
    id: 'cy@example.com_early',
    email: 'cy@example.com',
    tierId: 'early',
    tierName: 'Early beta',
    referrals: 3,
    reachedAt: Date.UTC(2026, 10, 5),
    status: 'fulfilled',
    fulfilledAt: Date.UTC(2026, 10, 6),
    fulfilledBy: 'boss@silk.travel',
  },
];

describe('Referrals tab: rewards', () => {
  it('shows every member the tiers and the queue, filtered by state and tier, without controls', async () => {
    const user = userEvent.setup();
    const { unmount } = renderTab(['Staff']);
    act(() => tiers.deliver([EARLY, MERCH]));
    act(() => rewards.deliver(ENTRIES));
    expect(screen.getByRole('list', { name: 'Reward tiers' })).toHaveTextContent(
      'Early beta — 3 credited referrals: Skip the line.',
    );
    expect(screen.getByRole('list', { name: 'Reward tiers' })).toHaveTextContent(
      'Merch — 10 credited referrals (skips 20 places, invites automatically)',
    );
    expect(
      screen.queryByRole('button', { name: /Save tiers|Add a tier|Mark fulfilled/ }),
    ).not.toBeInTheDocument();
    // Unfulfilled first, newest first.
    expect(tableRows('Reward fulfilment queue').map((row) => row.slice(0, 2))).toEqual([
      ['ana@example.com', 'Merch'],
      ['ana@example.com', 'Early beta'],
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'fulfilled');
    expect(tableRows('Reward fulfilment queue')).toEqual([
      [
        'cy@example.com',
        'Early beta',
        '3',
        expect.stringContaining('2026'),
        expect.stringMatching(/^Fulfilled by boss@silk.travel, .*2026/),
      ],
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'all');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reward' }), 'merch');
    expect(tableRows('Reward fulfilment queue').map((row) => row[0])).toEqual(['ana@example.com']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'revoked');
    expect(screen.getByText(NO_REWARD_ENTRIES)).toBeInTheDocument();
    unmount();
    expect(tiers.stop).toHaveBeenCalled();
    expect(rewards.stop).toHaveBeenCalled();
  });

  it('lets an Admin mark a reward fulfilled through the route, and shows a refusal as an alert', async () => {
    call.mockResolvedValueOnce({ ok: true, message: 'Marked fulfilled.' });
    call.mockRejectedValueOnce(new ApiError(403, { error: REWARDS_ADMIN_REQUIRED }));
    const user = userEvent.setup();
    renderTab(['Admin']);
    act(() => tiers.deliver([EARLY, MERCH]));
    act(() => rewards.deliver(ENTRIES));
    await user.click(screen.getByRole('button', { name: 'Mark fulfilled: Early beta for ana@example.com' }));
    expect(call).toHaveBeenCalledExactlyOnceWith(STAFF_CLIENT, 'rewardFulfil', {
      id: 'ana@example.com_early',
    });
    expect(await screen.findByText('Marked fulfilled.')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Mark fulfilled: Merch for ana@example.com' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REWARDS_ADMIN_REQUIRED);
  });

  it('lets an Admin add, edit and remove tiers, refusing an incomplete list before calling', async () => {
    call.mockResolvedValue({ ok: true, message: 'The reward tiers have been saved.' });
    const user = userEvent.setup();
    renderTab(['Admin']);
    act(() => tiers.deliver([EARLY]));
    expect(screen.getByRole('button', { name: 'Save tiers' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add a tier' }));
    const second = screen.getByRole('group', { name: 'Tier 2' });
    const referrals = within(second).getByRole('spinbutton', { name: 'Credited referrals needed' });
    await user.type(referrals, '3');
    await user.type(within(second).getByRole('textbox', { name: 'Name' }), 'Merch');
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    expect(screen.getByRole('alert')).toHaveTextContent(REWARD_REQUEST_INVALID); // 3 twice
    expect(call).not.toHaveBeenCalled();

    await user.clear(referrals);
    await user.type(referrals, '10');
    await user.type(within(second).getByRole('textbox', { name: 'Description' }), 'A tote bag.');
    const places = within(second).getByRole('spinbutton', { name: 'Places skipped' });
    expect(places).toHaveAccessibleDescription(PLACES_SKIPPED_HINT);
    await user.type(places, '5');
    await user.click(within(second).getByRole('checkbox', { name: 'Invite automatically' }));
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    expect(call).toHaveBeenCalledExactlyOnceWith(STAFF_CLIENT, 'rewardTiersSave', {
      tiers: [
        { ...EARLY, placesSkipped: 0, autoInvite: false },
        {
          id: expect.stringMatching(/^[a-z0-9]{16}$/),
          referrals: 10,
          name: 'Merch',
          description: 'A tote bag.',
          placesSkipped: 5,
          autoInvite: true,
        },
      ],
    });
    expect(await screen.findByText('The reward tiers have been saved.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove tier 1 (Early beta)' }));
    expect(screen.queryByRole('group', { name: 'Tier 2' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    expect(call).toHaveBeenLastCalledWith(STAFF_CLIENT, 'rewardTiersSave', { tiers: [] });
  });

  it('lets an Admin take back credit by the referred address (Staff see no such form)', async () => {
    call.mockResolvedValueOnce({ ok: true, status: 'rejected', message: 'Referral credit rejected.' });
    const user = userEvent.setup();
    const { unmount } = renderTab(['Staff']);
    expect(screen.queryByRole('button', { name: 'Reject credit' })).not.toBeInTheDocument();
    unmount();
    renderTab(['Admin']);
    const address = screen.getByRole('textbox', { name: "Referred person's e-mail address" });
    await user.type(address, ' bo@example.com ');
    await user.click(screen.getByRole('button', { name: 'Reject credit' }));
    expect(call).toHaveBeenCalledExactlyOnceWith(STAFF_CLIENT, 'reviewReferral', {
      referred: 'bo@example.com',
      decision: 'reject',
    });
    expect(await screen.findByText('Referral credit rejected.')).toHaveAttribute('role', 'status');
    expect(address).toHaveValue('');
  });
});
