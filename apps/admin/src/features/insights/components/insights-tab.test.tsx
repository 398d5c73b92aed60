import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { LOADING_DATA, NO_DATA } from '@silk/schema/messages';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InsightsTab } from './insights-tab';
import { textsByRole } from '@/testing/queries';

let next = 0;
function signup(iso: string, fields: Partial<WaitlistSignupRow> = {}): WaitlistSignupRow {
  next += 1;
  const email = `person${next}@example.com`;
  return { id: email, email, timestamp: new Date(iso), ...fields };
}

// Newest first, as the panel hands them over. Mon Nov 16 – Mon Nov 23, 2026 (UTC).
const ROWS: WaitlistSignupRow[] = [
  signup('2026-11-23T09:00:00Z', {
    travelFrequency: 'Monthly or more',
    contentCreator: 'Yes',
    excitedFeatures: 'Instant planning, AI price hunting',
    location: { city: 'Lisbon', country: 'Portugal' },
  }),
  signup('2026-11-22T23:59:00Z', {
    travelFrequency: 'Monthly or more',
    excitedFeatures: 'AI price hunting',
    location: 'Porto, Portugal',
  }),
  signup('2026-11-18T10:00:00Z', {
    travelFrequency: 'Once a year or less',
    location: { city: 'Berlin', country_name: 'Germany', country: 'DE' },
  }),
  signup('2026-11-16T00:00:00Z', { travelFrequency: 'N/A', location: { city: 'N/A', country: 'N/A' } }),
  signup('2026-11-16T08:00:00Z', { location: { country: 'Japan' } }),
];

function renderTab(
  signups: WaitlistSignupRow[] | null,
  complete = true,
  total: number | null = signups?.length ?? null,
) {
  return render(<InsightsTab signups={signups} signupsTotal={total} signupsComplete={complete} />);
}

function figureOf(title: string) {
  return screen.getByRole('figure', { name: title });
}

/** Opens a figure's "Show data table" disclosure and returns its table's cells, row by row. */
async function dataTable(user: ReturnType<typeof userEvent.setup>, title: string) {
  const disclosure = figureOf(title).querySelector('details')!;
  if (!disclosure.open) await user.click(within(disclosure).getByText('Show data table'));
  expect(disclosure.open).toBe(true);
  return tableCells(title);
}

function tableCells(title: string) {
  const table = screen.getByRole('table', { name: title });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe('Insights tab', () => {
  it('shows "Loading data..." until the signups arrive', () => {
    renderTab(null);
    expect(screen.getByRole('heading', { level: 2, name: 'Insights' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(LOADING_DATA);
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('shows "No data available" when there are no signups', () => {
    renderTab([]);
    expect(screen.getByRole('status')).toHaveTextContent(NO_DATA);
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('says the figures cover the signups loaded so far until every signup is loaded', () => {
    const view = renderTab(ROWS, false, 40);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('These figures cover the 5 signups loaded so far (of 40).');
    view.rerender(<InsightsTab signups={ROWS} signupsTotal={5} signupsComplete />);
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it('draws signups per day as an SVG with a summary, and the same figures in its data table', async () => {
    const user = userEvent.setup();
    renderTab(ROWS);
    const figure = figureOf('Signups per day');
    const chart = within(figure).getByRole('img');
    expect(chart.tagName).toBe('svg');
    expect(chart).toHaveAccessibleName(
      'Column chart, Nov 16, 2026 to Nov 23, 2026: 5 signups in 4 days; the most, 2, on Nov 16, 2026.',
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(4);
    expect(await dataTable(user, 'Signups per day')).toEqual([
      ['Day', 'Signups'],
      ['Nov 16, 2026', '2'],
      ['Nov 18, 2026', '1'],
      ['Nov 22, 2026', '1'],
      ['Nov 23, 2026', '1'],
    ]);
    expect(
      within(screen.getByRole('table', { name: 'Signups per day' }))
        .getAllByRole('rowheader')[0]!
        .querySelector('time'),
    ).toHaveAttribute('dateTime', '2026-11-16');
  });

  it('leaves signups without a date out of the time chart, and says so', () => {
    renderTab([...ROWS, { id: 'undated@example.com', email: 'undated@example.com' }]);
    expect(figureOf('Signups per day')).toHaveAccessibleDescription(
      'UTC days. 1 signup without a date is left out.',
    );
    expect(within(figureOf('Signups per day')).getByRole('img')).toHaveAccessibleName(
      /: 5 signups in 4 days;/,
    );
    expect(within(figureOf('Travel Frequency')).getByRole('img')).toHaveAccessibleName(
      'Bar chart, 3 bars. Largest: Monthly or more (2), Once a year or less (1), No answer (3).',
    );
  });

  it('switches to ISO weeks (from Monday, UTC) and to running totals', async () => {
    const user = userEvent.setup();
    renderTab(ROWS);
    await user.click(screen.getByRole('radio', { name: 'Per week' }));
    expect(screen.getByRole('radio', { name: 'Per week' })).toBeChecked();
    expect(await dataTable(user, 'Signups per week')).toEqual([
      ['Week', 'Signups'],
      ['Week of Nov 16, 2026', '4'],
      ['Week of Nov 23, 2026', '1'],
    ]);

    await user.click(screen.getByRole('checkbox', { name: 'Cumulative' }));
    expect(tableCells('Total signups per week')).toEqual([
      ['Week', 'Total signups'],
      ['Week of Nov 16, 2026', '4'],
      ['Week of Nov 23, 2026', '5'],
    ]);
    const chart = within(figureOf('Total signups per week')).getByRole('img');
    expect(chart).toHaveAccessibleName(
      'Line chart, Nov 16, 2026 to Nov 23, 2026: the total grows to 5 signups.',
    );
    expect(chart.querySelector('path.insights-chart__line')).not.toBeNull();
    expect(chart.querySelectorAll('rect')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Per day' }));
    expect(await dataTable(user, 'Total signups per day')).toEqual([
      ['Day', 'Total signups'],
      ['Nov 16, 2026', '2'],
      ['Nov 18, 2026', '3'],
      ['Nov 22, 2026', '4'],
      ['Nov 23, 2026', '5'],
    ]);
  });

  it('ranks the countries and shows each feedback question’s answers, "No answer" counted apart', async () => {
    const user = userEvent.setup();
    renderTab(ROWS);
    expect(await dataTable(user, 'Signups by country')).toEqual([
      ['Country', 'Signups', 'Share'],
      ['Portugal', '2', '40%'],
      ['Germany', '1', '20%'],
      ['Japan', '1', '20%'],
      ['Unknown', '1', '20%'],
    ]);
    expect(within(figureOf('Signups by country')).getByRole('img')).toHaveAccessibleName(
      'Bar chart, 4 bars. Largest: Portugal (2), Germany (1), Japan (1).',
    );

    const figures = within(screen.getByRole('region', { name: 'Feedback answers' })).getAllByRole('figure');
    expect(figures.map((figure) => figure.querySelector('.insights-figure__title')?.textContent)).toEqual([
      'Travel Frequency',
      'Biggest Frustration',
      'Work Email',
      'Content Creator',
      'Excited Features',
      'Suggestions/Feedback',
      'Social Media',
    ]);
    expect(await dataTable(user, 'Travel Frequency')).toEqual([
      ['Answer', 'Signups', 'Share'],
      ['Monthly or more', '2', '40%'],
      ['Once a year or less', '1', '20%'],
      ['No answer', '2', '40%'],
    ]);
    expect(
      within(figures[0]!).getByText('3 of 5 answered. The 10 most frequent answers; the rest as Other.'),
    ).toBeInTheDocument();
    expect(await dataTable(user, 'Excited Features')).toEqual([
      ['Answer', 'Signups', 'Share'],
      ['AI price hunting', '2', '40%'],
      ['Instant planning', '1', '20%'],
      ['No answer', '3', '60%'],
    ]);
  });
});

describe('Insights: referrals', () => {
  it('shows the referral rate, the K-factor (confirmed signups per referrer) and the top referrers', async () => {
    const user = userEvent.setup();
    const rows = [
      signup('2026-11-20T09:00:00Z', { email: 'ana@example.com', confirmedReferrals: 3 }),
      signup('2026-11-20T10:00:00Z', {
        email: 'bo@example.com',
        referredBy: 'ana@example.com',
        confirmedReferrals: 1,
      }),
      signup('2026-11-20T11:00:00Z', { referredBy: 'ana@example.com' }),
      signup('2026-11-20T12:00:00Z', { referredBy: 'bo@example.com' }),
      signup('2026-11-20T13:00:00Z'),
    ];
    renderTab(rows);
    const section = screen.getByRole('region', { name: 'Referrals' });
    const figures = within(section)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Referral rate', '60%'],
      ['K-factor', '2'], // 4 confirmed referrals from 2 referrers
    ]);
    expect(section).toHaveTextContent('3 of 5 signups came through a referral link');
    expect(section).toHaveTextContent('4 confirmed referrals from 2 referrers');
    expect(figureOf('Top referrers')).toBeInTheDocument();
    expect(await dataTable(user, 'Top referrers')).toEqual([
      ['Referrer', 'Confirmed referrals', 'Signups brought'],
      ['ana@example.com', '3', '2'],
      ['bo@example.com', '1', '1'],
    ]);
  });

  it('shows zeros, not a division by zero, when nobody was referred', () => {
    renderTab([signup('2026-11-20T09:00:00Z')]);
    const section = screen.getByRole('region', { name: 'Referrals' });
    expect(textsByRole(section, 'definition')).toEqual([
      '0%',
      '0 of 1 signups came through a referral link',
      '0',
      '0 confirmed referrals from 0 referrers',
    ]);
  });

  it('shows the invitation funnel per wave and overall (invited, joined, expired, declined, time to join)', async () => {
    const user = userEvent.setup();
    const at = Date.UTC(2026, 10, 24, 9);
    const hour = 3_600_000;
    renderTab([
      signup('2026-11-20T09:00:00Z', {
        inviteStatus: 'joined',
        inviteWave: 'w2',
        invitedAt: at + 24 * hour,
        joinedAt: at + 26 * hour,
      }),
      signup('2026-11-20T10:00:00Z', {
        inviteStatus: 'invited',
        inviteWave: 'w2',
        invitedAt: at + 24 * hour,
      }),
      signup('2026-11-20T11:00:00Z', { inviteStatus: 'expired', inviteWave: 'w1', invitedAt: at }),
      signup('2026-11-20T12:00:00Z', { inviteStatus: 'declined', inviteWave: 'w1', invitedAt: at }),
      signup('2026-11-20T13:00:00Z'),
    ]);
    const section = screen.getByRole('region', { name: 'Invitations' });
    expect(within(section).getByRole('img')).toHaveAccessibleName(
      'Bar chart, 4 bars. Largest: Invited (4), Joined (1), Expired (1).',
    );
    expect(figureOf('Invitation funnel')).toHaveAccessibleDescription(
      '1 of 4 invited joined; median time to join: 2 h.',
    );
    expect(await dataTable(user, 'Invitation funnel')).toEqual([
      ['Wave', 'Invited', 'Joined', 'Expired', 'Declined', 'Median time to join'],
      ['All waves', '4', '1', '1', '1', '2 h'],
      ['Nov 24, 2026 (w1)', '2', '0', '1', '1', 'No one joined yet'],
      ['Nov 25, 2026 (w2)', '2', '1', '0', '0', '2 h'],
    ]);
  });

  it('has no invitation funnel before anyone is invited', () => {
    renderTab([signup('2026-11-20T09:00:00Z')]);
    expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
  });
  describe('sources and campaigns', () => {
    const confirmedAt = new Date('2026-11-21T10:00:00Z');
    const rows = () => [
      signup('2026-11-23T09:00:00Z', {
        utmSource: 'newsletter',
        utmCampaign: 'launch',
        confirmedAt,
        inviteStatus: 'joined',
      }),
      signup('2026-11-22T09:00:00Z', {
        utmSource: 'newsletter',
        utmCampaign: 'launch',
        confirmedAt,
        inviteStatus: 'invited',
      }),
      signup('2026-11-22T08:00:00Z', { utmSource: 'newsletter', confirmedAt }),
      signup('2026-11-21T09:00:00Z', { utmSource: 'newsletter' }),
      signup('2026-11-20T09:00:00Z', {
        utmSource: 'podcast',
        utmCampaign: 'spring',
        suppressedReason: 'bounce',
        suppressedAt: 1,
      }),
      signup('2026-11-20T08:00:00Z', { suppressedReason: 'unsubscribe', suppressedAt: 2 }),
    ];

    it('charts signups by source with how far each got, by campaign, "(none)" for the rest, and counts suppressed addresses', async () => {
      const user = userEvent.setup();
      renderTab(rows());
      const section = screen.getByRole('region', { name: 'Sources and campaigns' });
      expect(within(section).getByText('Suppressed addresses').nextElementSibling).toHaveTextContent('2');
      expect(within(figureOf('Signups by source')).getByRole('img')).toHaveAccessibleName(
        'Bar chart, 3 bars. Largest: newsletter (4), podcast (1), (none) (1).',
      );
      expect(await dataTable(user, 'Signups by source')).toEqual([
        ['Source', 'Signups', 'Confirmed', 'Invited', 'Joined'],
        ['newsletter', '4', '3 (75%)', '2 (50%)', '1 (25%)'],
        ['podcast', '1', '0 (0%)', '0 (0%)', '0 (0%)'],
        ['(none)', '1', '0 (0%)', '0 (0%)', '0 (0%)'],
      ]);
      expect(await dataTable(user, 'Signups by campaign')).toEqual([
        ['Campaign', 'Signups', 'Share'],
        ['launch', '2', '33.3%'],
        ['spring', '1', '16.7%'],
        ['(none)', '3', '50%'],
      ]);
    });

    it('draws the signups over time of one source and one campaign', async () => {
      const user = userEvent.setup();
      renderTab(rows());
      const source = screen.getByRole('combobox', { name: 'Source' });
      expect(textsByRole(source, 'option')).toEqual(['All sources', 'newsletter', 'podcast', '(none)']);
      await user.selectOptions(source, 'newsletter');
      expect(await dataTable(user, 'Signups per day, source newsletter')).toEqual([
        ['Day', 'Signups'],
        ['Nov 21, 2026', '1'],
        ['Nov 22, 2026', '2'],
        ['Nov 23, 2026', '1'],
      ]);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), '(none)');
      expect(await dataTable(user, 'Signups per day, source newsletter, campaign (none)')).toEqual([
        ['Day', 'Signups'],
        ['Nov 21, 2026', '1'],
        ['Nov 22, 2026', '1'],
      ]);
      await user.selectOptions(source, 'All sources');
      expect(figureOf('Signups per day, campaign (none)')).toBeInTheDocument();
    });
  });
});
