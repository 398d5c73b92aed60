import '@/testing/staff-api';
import { ApiError, callApi, downloadWaitlist } from '@silk/data-access/api-client';
import { staffClient } from '@silk/data-access/staff-client';
import { listenToInviteHistory, type InviteHistoryEntry } from '@silk/data-access/invites';
import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { FULL_ATTRIBUTION } from '@silk/schema/attribution-cases';
import {
  filteredSpreadsheetFileName,
  formatSignupDate,
  SIGNUP_COLUMNS,
  spreadsheetFileName,
} from '@silk/schema/formatters';
import {
  LOADING_DATA,
  NO_DATA,
  NO_MATCHING_SIGNUPS,
  SIGNUP_DELETE_ADMIN_REQUIRED,
  signupDeleted,
} from '@silk/schema/messages';
import { DEFAULT_SIGNUP_VIEW, type SignupView } from '@silk/schema/signup-view';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_CELL_CHARS, TABLE_WIDTH } from './columns';
import { ROW_HEIGHT } from './data-table';
import { SignupsTab } from './signups-tab';
import { bodyRows, textsByRole } from '@/testing/queries';

vi.mock('@silk/data-access/invites', () => ({ listenToInviteHistory: vi.fn() }));
const history = vi.mocked(listenToInviteHistory);
/** The invite history each address's listener delivers (none by default). */
let histories: Record<string, InviteHistoryEntry[]> = {};
const download = vi.mocked(downloadWaitlist);
const call = vi.mocked(callApi);
const token = vi.mocked(staffClient);
const STAFF_CLIENT = { apiBase: '/api', staffToken: 'id-token' };

// jsdom has no layout: give the scroll container a 600 × 1200 px viewport so the virtualiser renders a
// window of rows and of columns (the table is wider than that).
const VIEWPORT = 600;
let viewportWidth = 1200;
const originals = {
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
};
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => VIEWPORT });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get: () => viewportWidth,
  });
});
afterAll(() => {
  if (originals.clientHeight)
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', originals.clientHeight);
  if (originals.clientWidth)
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', originals.clientWidth);
});

beforeEach(() => {
  viewportWidth = 1200;
  download.mockReset();
  call.mockReset();
  token.mockReset();
  token.mockResolvedValue(STAFF_CLIENT);
  histories = {};
  history.mockReset();
  history.mockImplementation((_services, email, onEntries) => {
    onEntries(histories[email] ?? []);
    return () => {};
  });
});

// The tab reads and writes its view in the URL: it is rendered in a router, whose query string is kept here.
let currentQuery = '';
let currentPath = '';
function LocationProbe() {
  const location = useLocation();
  currentQuery = location.search;
  currentPath = location.pathname;
  return null;
}

type TabProps = ComponentProps<typeof SignupsTab>;
type Props = Omit<TabProps, 'signupsTotal' | 'signupsComplete'> & Partial<TabProps>;
const tab = (props: Props) => (
  <SignupsTab
    signupsTotal={props.signups?.length ?? null}
    signupsComplete={props.signups !== null}
    {...props}
  />
);

/** Renders the tab at `url` (the panel's route with a query); rerender keeps the router. */
function renderTab(props: Props, url = '/admin') {
  currentQuery = '';
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      {children}
      <LocationProbe />
    </MemoryRouter>
  );
  const result = render(tab(props), { wrapper });
  return { ...result, rerender: (next: Props) => result.rerender(tab(next)) };
}

/** The e-mail of each row the table shows, in order. */
const emailsShown = () => bodyRows(screen.getByRole('table')).map(([email]) => email);

type User = ReturnType<typeof userEvent.setup>;

/** Opens the details dialog of the row of `email` (by its e-mail cell's button): the dialog. */
async function openDetails(user: User, email: string): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: `Details of ${email}` }));
  return screen.getByRole('dialog', { name: email });
}

/** Downloads the filtered view: the export is asked for with a view holding `filters`, in the browser's zone. */
async function expectFilteredDownload(user: User, filters: Partial<SignupView>): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Download filtered view' }));
  expect(download).toHaveBeenCalledWith(STAFF_CLIENT, expect.objectContaining(filters), LOCAL_ZONE);
}

/** The browser's zone: the export's date column is written in it. */
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const LONG_FEEDBACK = 'Please support multi-city trips with kids and let me share the plan with my family.';

function makeRows(count: number): WaitlistSignupRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `user${index}@example.com`,
    email: `user${index}@example.com`,
    timestamp: new Date(Date.UTC(2026, 10, 21, 12, 0) - index * 60_000),
  }));
}

describe('Waitlist Signups tab', () => {
  it('shows "Loading data..." until the subscription delivers', () => {
    renderTab({ signups: null });
    expect(screen.getByText(LOADING_DATA)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows "No data available" for an empty collection, with a total of 0', () => {
    renderTab({ signups: [] });
    expect(screen.getByText(NO_DATA)).toBeInTheDocument();
    expect(screen.getByText(/Total signups:/)).toHaveTextContent('Total signups: 0');
  });

  it('renders the 12 columns in SPEC order, N/A for missing values and formatted dates and locations', () => {
    const rows: WaitlistSignupRow[] = [
      {
        id: 'ana@example.com',
        email: 'ana@example.com',
        workEmail: 'ana@acme.io',
        travelFrequency: 'Monthly or more',
        suggestionsFeedback: LONG_FEEDBACK,
        aiTool: 'ChatGPT',
        ip: '10.0.0.1',
        location: { city: 'Lisbon', region: 'Lisbon', country: 'Portugal', latitude: 38.7, longitude: -9.1 },
        timestamp: new Date(Date.UTC(2026, 10, 21, 12, 5)),
      },
    ];
    viewportWidth = TABLE_WIDTH;
    renderTab({ signups: rows });
    const table = screen.getByRole('table', { name: 'Waitlist signups' });
    const headers = textsByRole(table, 'columnheader');
    expect(headers).toEqual(SIGNUP_COLUMNS.map((column) => column.header));
    const [, body] = within(table).getAllByRole('row');
    const cells = textsByRole(body!, 'cell');
    expect(cells).toEqual([
      'ana@example.com',
      'ana@acme.io',
      'Monthly or more',
      'N/A',
      'N/A',
      'ChatGPT',
      'N/A',
      LONG_FEEDBACK,
      'N/A',
      '10.0.0.1',
      'Lisbon, Lisbon, Portugal, 38.7, -9.1',
      formatSignupDate(rows[0]!.timestamp),
    ]);
    expect(screen.getByText(/Total signups:/)).toHaveTextContent('Total signups: 1');
  });

  it('renders only the columns in view (with their column index) and the rest as the table scrolls sideways', () => {
    renderTab({ signups: makeRows(3) });
    const table = screen.getByRole('table', { name: 'Waitlist signups' });
    expect(table).toHaveAttribute('aria-colcount', String(SIGNUP_COLUMNS.length));
    expect(within(table).getAllByRole('columnheader')).toHaveLength(SIGNUP_COLUMNS.length);
    const firstRowCells = () => within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    const shown = firstRowCells().map((cell) => Number(cell.getAttribute('aria-colindex')));
    expect(shown[0]).toBe(1);
    expect(shown.length).toBeLessThan(SIGNUP_COLUMNS.length);
    expect(shown).toEqual(shown.map((_, offset) => offset + 1));
    expect(screen.queryByText(formatSignupDate(makeRows(1)[0]!.timestamp))).not.toBeInTheDocument();

    const scroller = screen.getByRole('region', { name: 'Waitlist signups (scrollable)' });
    Object.defineProperty(scroller, 'scrollLeft', { configurable: true, value: TABLE_WIDTH - viewportWidth });
    act(() => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    const after = firstRowCells();
    expect(after.at(-1)).toHaveAttribute('aria-colindex', String(SIGNUP_COLUMNS.length));
    expect(after.at(-1)).toHaveTextContent(formatSignupDate(makeRows(1)[0]!.timestamp));
    expect(after[0]).not.toHaveAttribute('aria-colindex', '1');
    // The first rendered cell is placed on its own column track (styles.css reads this property).
    expect(table.querySelector('tbody')!.style.getPropertyValue('--data-table-first-column')).toBe(
      after[0]!.getAttribute('aria-colindex'),
    );
  });

  it('puts the full text in a tooltip on long cells only', () => {
    viewportWidth = TABLE_WIDTH;
    renderTab({
      signups: [{ id: 'a@b.co', email: 'a@b.co', suggestionsFeedback: LONG_FEEDBACK, location: 'Paris' }],
    });
    expect(LONG_FEEDBACK.length).toBeGreaterThan(LONG_CELL_CHARS);
    expect(screen.getByText(LONG_FEEDBACK)).toHaveAttribute('title', LONG_FEEDBACK);
    expect(screen.getByText('Paris')).not.toHaveAttribute('title');
  });

  it('keeps the DOM bounded whatever the row count (virtualised) and announces the full row count', () => {
    renderTab({ signups: makeRows(100_000) });
    const table = screen.getByRole('table');
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.length).toBeGreaterThan(10);
    expect(bodyRows.length).toBeLessThan(60);
    expect(table).toHaveAttribute('aria-rowcount', '100001');
    expect(bodyRows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(screen.getByText(/Total signups:/)).toHaveTextContent('Total signups: 100,000');
    // The body keeps the full height (the scrollbar of 100,000 rows); the rendered rows sit in its flow.
    const body = table.querySelector('tbody')!;
    expect(body).toHaveStyle({ height: `${100_000 * ROW_HEIGHT}px`, paddingTop: '0px' });
  });

  it('renders the rows in view after a vertical scroll, offset by the rows above them', () => {
    renderTab({ signups: makeRows(100_000) });
    const table = screen.getByRole('table');
    const scroller = screen.getByRole('region', { name: 'Waitlist signups (scrollable)' });
    const firstInView = 50_000;
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: firstInView * ROW_HEIGHT });
    act(() => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    const firstRendered = Number(bodyRows[0]!.getAttribute('aria-rowindex')) - 2;
    expect(firstRendered).toBeLessThanOrEqual(firstInView);
    expect(firstRendered).toBeGreaterThan(firstInView - 20);
    expect(bodyRows.map((row) => Number(row.getAttribute('aria-rowindex')))).toEqual(
      bodyRows.map((_, offset) => firstRendered + offset + 2),
    );
    expect(screen.getByText(`user${firstInView}@example.com`)).toBeInTheDocument();
    expect(table.querySelector('tbody')).toHaveStyle({ paddingTop: `${firstRendered * ROW_HEIGHT}px` });
  });

  it('shows new rows when the live list changes, without remounting', () => {
    const { rerender } = renderTab({ signups: makeRows(2) });
    expect(screen.queryByText('fresh@example.com')).not.toBeInTheDocument();
    rerender({ signups: [{ id: 'fresh@example.com', email: 'fresh@example.com' }, ...makeRows(2)] });
    expect(screen.getByText('fresh@example.com')).toBeInTheDocument();
    expect(screen.getByText(/Total signups:/)).toHaveTextContent('Total signups: 3');
  });

  it('downloads the spreadsheet with the ID token, shows progress and saves waitlist_signups_{date}.xlsx', async () => {
    let finish!: (value: Blob) => void;
    download.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const createObjectURL = vi.fn(() => 'blob:sheet');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: Array<{ download: string; href: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ download: this.download, href: this.href });
    });
    const user = userEvent.setup();
    renderTab({ signups: makeRows(3) });
    const button = screen.getByRole('button', { name: 'Download spreadsheet' });
    await user.click(button);
    // With the browser's time zone, the one the table's dates are in.
    expect(download).toHaveBeenCalledWith(
      STAFF_CLIENT,
      undefined,
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect(button).toBeDisabled();
    expect(screen.getByText('Preparing spreadsheet...')).toBeInTheDocument();
    const blob = new Blob(['xlsx']);
    finish(blob);
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText('Preparing spreadsheet...')).not.toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ download: spreadsheetFileName(), href: 'blob:sheet' }]);
    click.mockRestore();
  });

  it('only logs download failures (nothing shown)', async () => {
    download.mockRejectedValue(new Error('HTTP error! status: 403'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderTab({ signups: makeRows(1) });
    await user.click(screen.getByRole('button', { name: 'Download spreadsheet' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/403/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download spreadsheet' })).toBeEnabled();
    logged.mockRestore();
  });

  describe('confirmed filter', () => {
    const confirmedAt = new Date(Date.UTC(2026, 10, 22));
    const mixed = (): WaitlistSignupRow[] =>
      makeRows(5).map((row, index) => (index % 2 === 0 ? { ...row, confirmedAt } : row));

    it('counts the confirmed signups above the table, beside the total', () => {
      renderTab({ signups: mixed() });
      expect(screen.getByText(/Total signups:/)).toHaveTextContent('Total signups: 5');
      expect(screen.getByText(/Confirmed:/)).toHaveTextContent('Confirmed: 3');
    });

    it('shows confirmed or unconfirmed signups only, keeping the 12 columns', async () => {
      const user = userEvent.setup();
      renderTab({ signups: mixed() });
      const show = screen.getByRole('combobox', { name: 'Show' });
      expect(show).toHaveValue('all');
      await user.selectOptions(show, 'Confirmed');
      expect(emailsShown()).toEqual(['user0@example.com', 'user2@example.com', 'user4@example.com']);
      expect(currentQuery).toBe('?status=confirmed');
      expect(screen.getByText(/Showing:/)).toHaveTextContent('Showing: 3 of 5');
      expect(screen.getByText(/Total signups:/)).toHaveTextContent('Total signups: 5');
      const headers = textsByRole(screen.getByRole('table'), 'columnheader');
      expect(headers).toEqual(SIGNUP_COLUMNS.map((column) => column.header));
      await user.selectOptions(show, 'Unconfirmed');
      expect(emailsShown()).toEqual(['user1@example.com', 'user3@example.com']);
      await user.selectOptions(show, 'All signups');
      expect(emailsShown()).toHaveLength(5);
      expect(screen.queryByText(/Showing:/)).not.toBeInTheDocument();
      expect(currentQuery).toBe('');
    });

    it('says so when no signup matches, and follows the live list as it changes', async () => {
      const user = userEvent.setup();
      const { rerender } = renderTab({ signups: makeRows(2) });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Confirmed');
      expect(screen.getByText(NO_MATCHING_SIGNUPS)).toBeInTheDocument();
      rerender({ signups: [{ ...makeRows(1)[0]!, confirmedAt }, makeRows(2)[1]!] });
      expect(emailsShown()).toEqual(['user0@example.com']);
      expect(screen.getByText(/Confirmed:/)).toHaveTextContent('Confirmed: 1');
    });
  });

  describe('referrals: filters and row details', () => {
    const referralRows = (): WaitlistSignupRow[] => {
      const [ana, bo, cy, dee] = makeRows(4);
      return [
        { ...ana!, confirmedReferrals: 2 },
        { ...bo!, referredBy: 'user0@example.com' },
        { ...cy!, referredBy: 'user0@example.com', confirmedAt: new Date(Date.UTC(2026, 10, 22, 9)) },
        dee!,
      ];
    };

    it('filters by referred or not and by confirmed referrals, in the URL and in the filtered export', async () => {
      download.mockResolvedValue(new Blob(['x']));
      const user = userEvent.setup();
      renderTab({ signups: referralRows() });
      const referral = screen.getByRole('combobox', { name: 'Referral' });
      await user.selectOptions(referral, 'Referred');
      expect(emailsShown()).toEqual(['user1@example.com', 'user2@example.com']);
      expect(currentQuery).toBe('?referred=referred');
      expect(screen.getByText(/Showing:/)).toHaveTextContent('Showing: 2 of 4');
      await user.selectOptions(referral, 'Not referred');
      expect(emailsShown()).toEqual(['user0@example.com', 'user3@example.com']);
      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Referrers' }),
        'With confirmed referrals',
      );
      expect(emailsShown()).toEqual(['user0@example.com']);
      expect(currentQuery).toBe('?referred=not-referred&referrers=yes');
      await expectFilteredDownload(user, { referred: 'not-referred', hasReferrals: true });
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(emailsShown()).toHaveLength(4);
      expect(currentQuery).toBe('');
    });

    it('opens the filters a shared link names', () => {
      renderTab({ signups: referralRows() }, '/admin?referrers=yes');
      expect(screen.getByRole('combobox', { name: 'Referrers' })).toHaveValue('yes');
      expect(emailsShown()).toEqual(['user0@example.com']);
    });

    it("shows a row's referrer and confirmed referrals in its details dialog, to every member", async () => {
      const user = userEvent.setup();
      renderTab({ signups: referralRows(), roles: ['Staff'] });
      const cell = screen.getByRole('button', { name: 'Details of user2@example.com' }).closest('td')!;
      expect(cell.textContent).toBe('user2@example.com');
      const button = within(cell).getByRole('button', { name: 'Details of user2@example.com' });
      await user.click(button);
      const dialog = screen.getByRole('dialog', { name: 'user2@example.com' });
      const terms = textsByRole(dialog, 'term');
      const values = textsByRole(dialog, 'definition');
      expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toEqual({
        Confirmed: formatSignupDate(new Date(Date.UTC(2026, 10, 22, 9))),
        'Referred by': 'user0@example.com',
        'Confirmed referrals': '0',
        Invitation: 'Waiting',
        Source: '(none)',
      });
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(button).toHaveFocus();

      const referrer = await openDetails(user, 'user0@example.com');
      expect(referrer).toHaveTextContent('Referred byNo one (not referred)');
      expect(referrer).toHaveTextContent('Confirmed referrals2');
      expect(referrer).toHaveTextContent('ConfirmedNot confirmed');
      await user.click(within(referrer).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('attribution: the source and campaign filters, and the row details', () => {
    const attributedRows = (): WaitlistSignupRow[] => {
      const [ana, bo, cy, dee] = makeRows(4);
      return [
        { ...ana!, ...FULL_ATTRIBUTION },
        { ...bo!, utmSource: 'newsletter', utmCampaign: 'spring' },
        { ...cy!, utmSource: 'podcast', utmCampaign: 'launch', importId: 'import-1' },
        { ...dee!, suppressedReason: 'bounce', suppressedAt: Date.UTC(2026, 10, 23, 9) },
      ];
    };

    it('filters by source and by campaign ("(none)" for the signups without one), in the URL and the filtered export', async () => {
      download.mockResolvedValue(new Blob(['x']));
      const user = userEvent.setup();
      renderTab({ signups: attributedRows() });
      const source = screen.getByRole('combobox', { name: 'Source' });
      expect(textsByRole(source, 'option')).toEqual([
        'Any source',
        'newsletter (2)',
        '(none) (1)',
        'podcast (1)',
      ]);
      await user.selectOptions(source, 'newsletter (2)');
      expect(emailsShown()).toEqual(['user0@example.com', 'user1@example.com']);
      expect(currentQuery).toBe('?source=newsletter');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), 'launch (2)');
      expect(emailsShown()).toEqual(['user0@example.com']);
      expect(currentQuery).toBe('?source=newsletter&campaign=launch');
      await expectFilteredDownload(user, { source: 'newsletter', campaign: 'launch' });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), 'Any campaign');
      await user.selectOptions(source, '(none) (1)');
      expect(emailsShown()).toEqual(['user3@example.com']);
      expect(currentQuery).toBe('?source=');
    });

    it('opens the source a shared link names', () => {
      renderTab({ signups: attributedRows() }, '/admin?source=podcast');
      expect(screen.getByRole('combobox', { name: 'Source' })).toHaveDisplayValue('podcast (1)');
      expect(emailsShown()).toEqual(['user2@example.com']);
    });

    it("shows a row's attribution, an import and a suppression in its details", async () => {
      const user = userEvent.setup();
      renderTab({ signups: attributedRows(), roles: ['Staff'] });
      const dialog = await openDetails(user, 'user0@example.com');
      for (const text of [
        'Sourcenewsletter',
        'Mediumemail',
        'Campaignlaunch',
        'Termai travel',
        'Contenthero',
        'Referrernews.example.com',
        'Landing page/',
      ]) {
        expect(dialog).toHaveTextContent(text);
      }
      expect(dialog).not.toHaveTextContent('Imported');
      expect(dialog).not.toHaveTextContent('Mail suppressed');
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(await openDetails(user, 'user2@example.com')).toHaveTextContent('OriginImported');
      await user.click(screen.getByRole('button', { name: 'Close' }));
      const suppressed = await openDetails(user, 'user3@example.com');
      expect(suppressed).toHaveTextContent(
        `Mail suppressedBounce, ${formatSignupDate(new Date(Date.UTC(2026, 10, 23, 9)))}`,
      );
      expect(suppressed).toHaveTextContent('Source(none)');
    });
  });

  describe("invitations: the status filter, row details with the history, an Admin's wave of the view", () => {
    const invitedAt = Date.UTC(2026, 10, 23, 9);
    const inviteRows = (): WaitlistSignupRow[] => {
      const [ana, bo, cy] = makeRows(3);
      return [
        { ...ana!, inviteStatus: 'joined', inviteWave: 'w1', invitedAt, joinedAt: invitedAt + 3_600_000 },
        { ...bo!, inviteStatus: 'invited', inviteWave: 'w1', invitedAt },
        cy!,
      ];
    };

    it('filters by invite status (none recorded: waiting), in the URL and in the filtered export', async () => {
      download.mockResolvedValue(new Blob(['x']));
      const user = userEvent.setup();
      renderTab({ signups: inviteRows() });
      const status = screen.getByRole('combobox', { name: 'Invitation' });
      await user.selectOptions(status, 'Waiting');
      expect(emailsShown()).toEqual(['user2@example.com']);
      expect(currentQuery).toBe('?invite=waiting');
      await user.selectOptions(status, 'Joined');
      expect(emailsShown()).toEqual(['user0@example.com']);
      await expectFilteredDownload(user, { invite: 'joined' });
    });

    it("shows the row's live invite status and its history in the details dialog", async () => {
      histories['user1@example.com'] = [
        {
          email: 'user1@example.com',
          status: 'invited',
          at: invitedAt,
          by: 'admin@silk.travel',
          waveId: 'w1',
        },
      ];
      const user = userEvent.setup();
      const rows = inviteRows();
      const { rerender } = renderTab({ signups: rows, roles: ['Staff'] });
      const dialog = await openDetails(user, 'user1@example.com');
      expect(dialog).toHaveTextContent('InvitationInvited');
      expect(history).toHaveBeenCalledWith(
        expect.anything(),
        'user1@example.com',
        expect.any(Function),
        expect.any(Function),
      );
      const list = within(dialog).getByRole('list', { name: 'Invitation history' });
      expect(textsByRole(list, 'listitem')).toEqual([
        `Invited by admin@silk.travel, ${formatSignupDate(new Date(invitedAt))} (wave w1)`,
      ]);
      // The row turns joined in the live list: the open dialog follows it.
      rerender({
        signups: rows.map((row) =>
          row.email === 'user1@example.com' ? { ...row, inviteStatus: 'joined' } : row,
        ),
        roles: ['Staff'],
      });
      expect(screen.getByRole('dialog', { name: 'user1@example.com' })).toHaveTextContent('InvitationJoined');
    });

    it('offers "Invite this view" to Admins only, for a filtered view: it opens the Invitations tab with the view', async () => {
      const first = renderTab({ signups: inviteRows(), roles: ['Staff'] });
      expect(screen.queryByRole('button', { name: 'Invite this view' })).not.toBeInTheDocument();
      first.unmount();

      const user = userEvent.setup();
      renderTab({ signups: inviteRows(), roles: ['Admin'] });
      const invite = screen.getByRole('button', { name: 'Invite this view' });
      expect(invite).toBeDisabled();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Invitation' }), 'Waiting');
      await user.click(invite);
      expect(currentPath).toBe('/admin/invitations');
      expect(currentQuery).toBe('?invite=waiting');
    });
  });

  describe('find and slice: sort, search and filters, kept in the URL', () => {
    const day = (date: string, time = '12:00') => new Date(`${date}T${time}:00Z`);
    const seed: WaitlistSignupRow[] = [
      {
        id: 'eve@example.com',
        email: 'eve@example.com',
        travelFrequency: 'Monthly or more',
        location: { city: 'Tokyo', country: 'Japan' },
        timestamp: day('2026-11-22'),
      },
      {
        id: 'dan@example.com',
        email: 'dan@example.com',
        travelFrequency: 'Once a year',
        location: 'Austin, Texas, United States',
        timestamp: day('2026-11-21', '13:00'),
      },
      {
        id: 'cat@example.com',
        email: 'cat@example.com',
        travelFrequency: 'Monthly or more',
        suggestionsFeedback: 'Multi-city trips please',
        location: { city: 'Lisbon', country: 'Portugal' },
        timestamp: day('2026-11-21', '11:00'),
      },
      {
        id: 'bea@example.com',
        email: 'bea@example.com',
        travelFrequency: 'Monthly or more',
        location: { city: 'Porto', country: 'Portugal' },
        timestamp: day('2026-11-20'),
      },
      { id: 'abe@example.com', email: 'abe@example.com', timestamp: day('2026-11-19') },
    ];
    const showing = () => screen.getByText(/Showing:/);
    const params = () => new URLSearchParams(currentQuery);

    it('searches e-mail, location and answers as you type, counts the matches and keeps the text in the URL', async () => {
      const user = userEvent.setup();
      renderTab({ signups: seed });
      const search = screen.getByRole('searchbox', { name: 'Search signups' });
      expect(screen.queryByText(/Showing:/)).not.toBeInTheDocument();
      await user.type(search, 'PORT');
      await waitFor(() => expect(emailsShown()).toEqual(['cat@example.com', 'bea@example.com']));
      expect(showing()).toHaveTextContent('Showing: 2 of 5');
      expect(showing()).toHaveAttribute('aria-live', 'polite');
      expect(params().get('q')).toBe('PORT');
      await user.clear(search);
      await user.type(search, 'multi-city');
      await waitFor(() => expect(emailsShown()).toEqual(['cat@example.com']));
      expect(search).toHaveValue('multi-city');
      expect(params().get('q')).toBe('multi-city');
      await user.clear(search);
      await user.type(search, 'nobody');
      expect(await screen.findByText(NO_MATCHING_SIGNUPS)).toBeInTheDocument();
      expect(showing()).toHaveTextContent('Showing: 0 of 5');
    });

    it("filters by a question's answers (listed from the rows, N/A included) and a signup date range", async () => {
      const user = userEvent.setup();
      renderTab({ signups: seed });
      const frequency = screen.getByRole('combobox', { name: 'Travel Frequency' });
      await waitFor(() =>
        expect(textsByRole(frequency, 'option')).toEqual([
          'Any answer',
          'Monthly or more (3)',
          'N/A (1)',
          'Once a year (1)',
        ]),
      );
      await user.selectOptions(frequency, 'Monthly or more');
      expect(emailsShown()).toEqual(['eve@example.com', 'cat@example.com', 'bea@example.com']);
      await user.type(screen.getByLabelText('Signed up from'), '2026-11-21');
      await user.type(screen.getByLabelText('Signed up to'), '2026-11-21');
      // Days are the viewer's, as the table's dates are (the times are near noon UTC: the same day in most zones).
      await waitFor(() => expect(emailsShown()).toEqual(['cat@example.com']));
      expect(showing()).toHaveTextContent('Showing: 1 of 5');
      expect(params().get('travelFrequency')).toBe('Monthly or more');
      expect(params().get('from')).toBe('2026-11-21');
      expect(params().get('to')).toBe('2026-11-21');
      await user.selectOptions(frequency, 'N/A (1)');
      await user.clear(screen.getByLabelText('Signed up from'));
      await user.clear(screen.getByLabelText('Signed up to'));
      await waitFor(() => expect(emailsShown()).toEqual(['abe@example.com']));
    });

    it('filters by country, from location objects and text', async () => {
      const user = userEvent.setup();
      renderTab({ signups: seed });
      const country = screen.getByRole('combobox', { name: 'Country' });
      await waitFor(() => expect(within(country).getAllByRole('option')).toHaveLength(5));
      expect(textsByRole(country, 'option')).toEqual([
        'Any country',
        'Japan (1)',
        'Portugal (2)',
        'United States (1)',
        'N/A (1)',
      ]);
      await user.selectOptions(country, 'Portugal');
      expect(emailsShown()).toEqual(['cat@example.com', 'bea@example.com']);
      expect(params().getAll('country')).toEqual(['Portugal']);
      await user.selectOptions(country, 'United States');
      expect(emailsShown()).toEqual(['dan@example.com']);
    });

    it('restores the whole view from the URL (a shared or reloaded link)', async () => {
      renderTab(
        { signups: seed },
        '/admin?q=example&travelFrequency=Monthly+or+more&from=2026-11-20&to=2026-11-21&country=Portugal&sort=email&dir=asc',
      );
      await waitFor(() => expect(emailsShown()).toEqual(['bea@example.com', 'cat@example.com']));
      expect(screen.getByRole('searchbox', { name: 'Search signups' })).toHaveValue('example');
      expect(screen.getByRole('combobox', { name: 'Travel Frequency' })).toHaveValue('Monthly or more');
      expect(screen.getByLabelText('Signed up from')).toHaveValue('2026-11-20');
      expect(screen.getByLabelText('Signed up to')).toHaveValue('2026-11-21');
      expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Portugal');
      expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
      expect(showing()).toHaveTextContent('Showing: 2 of 5');
    });

    it('ignores what it does not understand in the URL', () => {
      renderTab(
        { signups: seed },
        '/admin?sort=password&from=yesterday&status=maybe&travelFrequency=&tab=keep',
      );
      expect(emailsShown()).toHaveLength(5);
      expect(screen.queryByText(/Showing:/)).not.toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'Signup Date' })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
    });

    it('sorts by a column on a click of its header, flips on the next click, and keeps the sort in the URL', async () => {
      const user = userEvent.setup();
      renderTab({ signups: seed }, '/admin?tab=keep');
      const header = (name: string) => screen.getByRole('columnheader', { name });
      expect(header('Signup Date')).toHaveAttribute('aria-sort', 'descending');
      expect(header('Email')).not.toHaveAttribute('aria-sort');
      await user.click(within(header('Email')).getByRole('button', { name: 'Email' }));
      await waitFor(() =>
        expect(emailsShown()).toEqual([
          'abe@example.com',
          'bea@example.com',
          'cat@example.com',
          'dan@example.com',
          'eve@example.com',
        ]),
      );
      expect(header('Email')).toHaveAttribute('aria-sort', 'ascending');
      expect(header('Signup Date')).not.toHaveAttribute('aria-sort');
      expect(params().get('sort')).toBe('email');
      expect(params().get('dir')).toBe('asc');
      expect(params().get('tab')).toBe('keep');
      await user.click(within(header('Email')).getByRole('button'));
      await waitFor(() => expect(emailsShown()[0]).toBe('eve@example.com'));
      expect(header('Email')).toHaveAttribute('aria-sort', 'descending');
      // Travel Frequency ascending: N/A last; ties keep the newest-first order.
      await user.click(within(header('Travel Frequency')).getByRole('button'));
      await waitFor(() =>
        expect(emailsShown()).toEqual([
          'eve@example.com',
          'cat@example.com',
          'bea@example.com',
          'dan@example.com',
          'abe@example.com',
        ]),
      );
      // A sort alone is not a filter.
      expect(screen.queryByText(/Showing:/)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download filtered view' })).toBeDisabled();
    });

    it('"Clear filters" clears the search and every filter, keeping the sort', async () => {
      const user = userEvent.setup();
      renderTab({ signups: seed }, '/admin?q=port&status=unconfirmed&country=Portugal&sort=email&dir=desc');
      await waitFor(() => expect(emailsShown()).toEqual(['cat@example.com', 'bea@example.com']));
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(emailsShown()).toHaveLength(5));
      expect(screen.getByRole('searchbox', { name: 'Search signups' })).toHaveValue('');
      expect(screen.getByRole('searchbox', { name: 'Search signups' })).toHaveFocus();
      expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('');
      expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('all');
      expect(currentQuery).toBe('?sort=email&dir=desc');
      expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    });

    it("shows the server's total while signups are still loading", () => {
      renderTab({ signups: seed, signupsTotal: 1200, signupsComplete: false }, '/admin?q=example');
      expect(screen.getByText(/Total signups:/)).toHaveTextContent('Total signups: 1,200');
      expect(showing()).toHaveTextContent('Showing: 5 of 1,200');
      const progress = screen.getByRole('progressbar', { name: /Loading every signup/ });
      expect(progress).toHaveAttribute('value', String(seed.length));
      expect(progress).toHaveAttribute('max', '1200');
    });

    it('shows no load progress once every signup is in', () => {
      renderTab({ signups: seed, signupsTotal: seed.length, signupsComplete: true });
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    });

    it('downloads the filtered view, applied by the server, as waitlist_signups_{date}_filtered.xlsx', async () => {
      download.mockResolvedValue(new Blob(['xlsx']));
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:filtered'), revokeObjectURL: vi.fn() });
      const saved: string[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        saved.push(this.download);
      });
      const user = userEvent.setup();
      renderTab({ signups: seed });
      const filteredButton = screen.getByRole('button', { name: 'Download filtered view' });
      expect(filteredButton).toBeDisabled();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Travel Frequency' }), 'Monthly or more');
      await user.type(screen.getByRole('searchbox', { name: 'Search signups' }), 'example');
      await user.click(screen.getByRole('button', { name: 'Email' }));
      expect(filteredButton).toBeEnabled();
      await user.click(filteredButton);
      expect(download).toHaveBeenCalledExactlyOnceWith(
        STAFF_CLIENT,
        {
          ...DEFAULT_SIGNUP_VIEW,
          sort: { key: 'email', direction: 'asc' },
          search: 'example',
          answers: { travelFrequency: 'Monthly or more' },
          timeZone: 'UTC', // no date in the view
        },
        LOCAL_ZONE,
      );
      await waitFor(() => expect(saved).toEqual([filteredSpreadsheetFileName()]));
      // The full export stays as it was: no view, the usual file name.
      await user.click(screen.getByRole('button', { name: 'Download spreadsheet' }));
      expect(download).toHaveBeenLastCalledWith(STAFF_CLIENT, undefined, LOCAL_ZONE);
      await waitFor(() => expect(saved).toEqual([filteredSpreadsheetFileName(), spreadsheetFileName()]));
      click.mockRestore();
    });
  });

  describe('deleting a signup (Admins)', () => {
    it('offers no Delete to a member who is not an Admin', () => {
      renderTab({ signups: makeRows(3), roles: ['Staff'] });
      expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    });

    it('gives an Admin a Delete in each row, leaving the cells as they are', () => {
      renderTab({ signups: makeRows(3), roles: ['Admin'] });
      const cell = screen.getByRole('button', { name: 'Delete user1@example.com' }).closest('td')!;
      expect(cell).toHaveAttribute('aria-colindex', '1');
      expect(cell.textContent).toBe('user1@example.com');
      expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(
        SIGNUP_COLUMNS.length,
      );
    });

    it('asks first in an alert dialog: focus on Cancel, Escape cancels and returns focus, nothing is sent', async () => {
      const user = userEvent.setup();
      renderTab({ signups: makeRows(3), roles: ['Admin'] });
      const button = screen.getByRole('button', { name: 'Delete user1@example.com' });
      await user.click(button);
      const dialog = screen.getByRole('alertdialog', { name: 'Delete this signup?' });
      expect(dialog).toHaveAccessibleDescription(/Everything held for user1@example.com is deleted for good/);
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(button).toHaveFocus();
      expect(call).not.toHaveBeenCalled();
    });

    it('deletes with the ID token, says so, and the row leaves with the live list', async () => {
      call.mockResolvedValue({ ok: true, removed: { signup: true, subscriber: true, mail: 1 } });
      const user = userEvent.setup();
      const rows = makeRows(3);
      const { rerender } = renderTab({ signups: rows, roles: ['Admin'] });
      await user.click(screen.getByRole('button', { name: 'Delete user1@example.com' }));
      await user.click(screen.getByRole('button', { name: 'Delete signup' }));
      expect(call).toHaveBeenCalledExactlyOnceWith(STAFF_CLIENT, 'deleteSignup', {
        email: 'user1@example.com',
      });
      await waitFor(() =>
        expect(screen.getByText(signupDeleted('user1@example.com'))).toHaveAttribute('role', 'status'),
      );
      expect(screen.getByRole('region', { name: 'Waitlist signups (scrollable)' })).toHaveFocus();
      // The live listener hands over the collection without the deleted document.
      rerender({ signups: rows.filter((row) => row.email !== 'user1@example.com'), roles: ['Admin'] });
      expect(screen.queryByRole('cell', { name: /user1@example\.com/ })).not.toBeInTheDocument();
      expect(screen.getByText(/Total signups:/)).toHaveTextContent('Total signups: 2');
    });

    it("shows the server's refusal and keeps the row", async () => {
      call.mockRejectedValue(new ApiError(403, { error: SIGNUP_DELETE_ADMIN_REQUIRED }));
      const user = userEvent.setup();
      renderTab({ signups: makeRows(2), roles: ['Admin'] });
      await user.click(screen.getByRole('button', { name: 'Delete user0@example.com' }));
      await user.click(screen.getByRole('button', { name: 'Delete signup' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_DELETE_ADMIN_REQUIRED);
      expect(screen.getByRole('button', { name: 'Delete user0@example.com' })).toBeInTheDocument();
    });
  });
});
