import { ApiError, callApi, downloadWaitlist } from '@silk/data-access/api-client';
import type * as ApiClient from '@silk/data-access/api-client';
import { getIdToken } from '@silk/data-access/auth';
import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { formatSignupDate, SIGNUP_COLUMNS, spreadsheetFileName } from '@silk/schema/formatters';
import {
  LOADING_DATA,
  NO_DATA,
  NO_MATCHING_SIGNUPS,
  SIGNUP_DELETE_ADMIN_REQUIRED,
  signupDeleted,
} from '@silk/schema/messages';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_CELL_CHARS, TABLE_WIDTH } from './columns';
import { ROW_HEIGHT } from './data-table';
import { SignupsTab } from './signups-tab';

vi.mock('@/lib/services', () => ({ adminServices: () => ({}) }));
vi.mock('@/config/env', () => ({ env: { apiBase: '/api' } }));
vi.mock('@silk/data-access/auth', () => ({ getIdToken: vi.fn() }));
vi.mock('@silk/data-access/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  downloadWaitlist: vi.fn(),
  callApi: vi.fn(),
}));
const download = vi.mocked(downloadWaitlist);
const call = vi.mocked(callApi);
const token = vi.mocked(getIdToken);

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
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => viewportWidth });
});
afterAll(() => {
  if (originals.clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', originals.clientHeight);
  if (originals.clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', originals.clientWidth);
});

beforeEach(() => {
  viewportWidth = 1200;
  download.mockReset();
  call.mockReset();
  token.mockReset();
  token.mockResolvedValue('id-token');
});

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
    render(<SignupsTab signups={null} />);
    expect(screen.getByText(LOADING_DATA)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows "No data available" for an empty collection, with a total of 0', () => {
    render(<SignupsTab signups={[]} />);
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
    render(<SignupsTab signups={rows} />);
    const table = screen.getByRole('table', { name: 'Waitlist signups' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(SIGNUP_COLUMNS.map((column) => column.header));
    const [, body] = within(table).getAllByRole('row');
    const cells = within(body!).getAllByRole('cell').map((cell) => cell.textContent);
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
    render(<SignupsTab signups={makeRows(3)} />);
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
    render(
      <SignupsTab
        signups={[{ id: 'a@b.co', email: 'a@b.co', suggestionsFeedback: LONG_FEEDBACK, location: 'Paris' }]}
      />,
    );
    expect(LONG_FEEDBACK.length).toBeGreaterThan(LONG_CELL_CHARS);
    expect(screen.getByText(LONG_FEEDBACK)).toHaveAttribute('title', LONG_FEEDBACK);
    expect(screen.getByText('Paris')).not.toHaveAttribute('title');
  });

  it('keeps the DOM bounded whatever the row count (virtualised) and announces the full row count', () => {
    render(<SignupsTab signups={makeRows(100_000)} />);
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
    render(<SignupsTab signups={makeRows(100_000)} />);
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
    const { rerender } = render(<SignupsTab signups={makeRows(2)} />);
    expect(screen.queryByText('fresh@example.com')).not.toBeInTheDocument();
    rerender(<SignupsTab signups={[{ id: 'fresh@example.com', email: 'fresh@example.com' }, ...makeRows(2)]} />);
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
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push({ download: this.download, href: this.href });
      });
    const user = userEvent.setup();
    render(<SignupsTab signups={makeRows(3)} />);
    const button = screen.getByRole('button', { name: 'Download spreadsheet' });
    await user.click(button);
    expect(download).toHaveBeenCalledWith('/api', 'id-token');
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
    render(<SignupsTab signups={makeRows(1)} />);
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
    const emailsShown = () =>
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

    it('counts the confirmed signups above the table, beside the total', () => {
      render(<SignupsTab signups={mixed()} />);
      expect(screen.getByText(/Total signups:/)).toHaveTextContent('Total signups: 5');
      expect(screen.getByText(/Confirmed:/)).toHaveTextContent('Confirmed: 3');
    });

    it('shows confirmed or unconfirmed signups only, keeping the 12 columns', async () => {
      const user = userEvent.setup();
      render(<SignupsTab signups={mixed()} />);
      const show = screen.getByRole('combobox', { name: 'Show' });
      expect(show).toHaveValue('all');
      await user.selectOptions(show, 'Confirmed');
      expect(emailsShown()).toEqual(['user0@example.com', 'user2@example.com', 'user4@example.com']);
      expect(screen.getByText(/Showing:/)).toHaveTextContent('Showing: 3');
      expect(screen.getByText(/Total signups:/)).toHaveTextContent('Total signups: 5');
      const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((cell) => cell.textContent);
      expect(headers).toEqual(SIGNUP_COLUMNS.map((column) => column.header));
      await user.selectOptions(show, 'Unconfirmed');
      expect(emailsShown()).toEqual(['user1@example.com', 'user3@example.com']);
      await user.selectOptions(show, 'All signups');
      expect(emailsShown()).toHaveLength(5);
      expect(screen.queryByText(/Showing:/)).not.toBeInTheDocument();
    });

    it('says so when no signup matches, and follows the live list as it changes', async () => {
      const user = userEvent.setup();
      const { rerender } = render(<SignupsTab signups={makeRows(2)} />);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Confirmed');
      expect(screen.getByText(NO_MATCHING_SIGNUPS)).toBeInTheDocument();
      rerender(<SignupsTab signups={[{ ...makeRows(1)[0]!, confirmedAt }, makeRows(2)[1]!]} />);
      expect(emailsShown()).toEqual(['user0@example.com']);
      expect(screen.getByText(/Confirmed:/)).toHaveTextContent('Confirmed: 1');
    });
  });

  describe('deleting a signup (Admins)', () => {
    it('offers no Delete to a member who is not an Admin', () => {
      render(<SignupsTab signups={makeRows(3)} roles={['Staff']} />);
      expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    });

    it('gives an Admin a Delete in each row, leaving the cells as they are', () => {
      render(<SignupsTab signups={makeRows(3)} roles={['Admin']} />);
      const cell = screen.getByRole('button', { name: 'Delete user1@example.com' }).closest('td')!;
      expect(cell).toHaveAttribute('aria-colindex', '1');
      expect(cell.textContent).toBe('user1@example.com');
      expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(SIGNUP_COLUMNS.length);
    });

    it('asks first in an alert dialog: focus on Cancel, Escape cancels and returns focus, nothing is sent', async () => {
      const user = userEvent.setup();
      render(<SignupsTab signups={makeRows(3)} roles={['Admin']} />);
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
      const { rerender } = render(<SignupsTab signups={rows} roles={['Admin']} />);
      await user.click(screen.getByRole('button', { name: 'Delete user1@example.com' }));
      await user.click(screen.getByRole('button', { name: 'Delete signup' }));
      expect(call).toHaveBeenCalledExactlyOnceWith('/api', 'deleteSignup', { email: 'user1@example.com' }, 'id-token');
      await waitFor(() => expect(screen.getByText(signupDeleted('user1@example.com'))).toHaveAttribute('role', 'status'));
      expect(screen.getByRole('region', { name: 'Waitlist signups (scrollable)' })).toHaveFocus();
      // The live listener hands over the collection without the deleted document.
      rerender(<SignupsTab signups={rows.filter((row) => row.email !== 'user1@example.com')} roles={['Admin']} />);
      expect(screen.queryByRole('cell', { name: /user1@example\.com/ })).not.toBeInTheDocument();
      expect(screen.getByText(/Total signups:/)).toHaveTextContent('Total signups: 2');
    });

    it("shows the server's refusal and keeps the row", async () => {
      call.mockRejectedValue(new ApiError(403, { error: SIGNUP_DELETE_ADMIN_REQUIRED }));
      const user = userEvent.setup();
      render(<SignupsTab signups={makeRows(2)} roles={['Admin']} />);
      await user.click(screen.getByRole('button', { name: 'Delete user0@example.com' }));
      await user.click(screen.getByRole('button', { name: 'Delete signup' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_DELETE_ADMIN_REQUIRED);
      expect(screen.getByRole('button', { name: 'Delete user0@example.com' })).toBeInTheDocument();
    });
  });
});
