import type { WaitlistSignupRow } from '@silk/data-access/signups';
import type { SignupColumnKey } from '@silk/schema/formatters';
import { LOADING_ALL_SIGNUPS, LOADING_DATA, NO_DATA, NO_MATCHING_SIGNUPS } from '@silk/schema/messages';
import { canDeleteSignups, type Role } from '@silk/schema/roles';
import { nextSort, signupViewToSearchParams } from '@silk/schema/signup-view';
import { FormMessage } from '@silk/ui/form-message';
import { Spinner } from '@silk/ui/spinner';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { useSpreadsheetDownload } from '@/features/signups/hooks/use-download';
import { useSignupDeletion } from '@/features/signups/hooks/use-signup-deletion';
import { useSignupView, useViewRows } from '@/features/signups/hooks/use-signup-view';
import { DataTable } from './data-table';
import { SignupDetails } from './signup-details';
import { Toolbar } from './toolbar';
import './signups.css';

interface SignupsTabProps {
  /** null while the live subscription has not delivered yet. */
  signups: WaitlistSignupRow[] | null;
  /** How many signups exist (the server's count while rows are still loading), or null before it is known. */
  signupsTotal: number | null;
  /** Every signup is loaded. */
  signupsComplete: boolean;
  /** The signed-in member's roles: an Admin gets a "Delete" action on each row. */
  roles?: readonly Role[];
}

/** While the rest loads in the background: how far along it is (counts and filters cover the loaded rows). */
function LoadProgress({ loaded, total }: { loaded: number; total: number | null }) {
  const max = Math.max(total ?? loaded, loaded, 1);
  return (
    <p className="table-progress">
      <label>
        {LOADING_ALL_SIGNUPS} <progress value={loaded} max={max} /> {loaded.toLocaleString('en-US')} of{' '}
        {max.toLocaleString('en-US')}
      </label>
    </p>
  );
}

/**
 * Waitlist Signups (default tab): toolbar (counts, search and filters, downloads) and the live,
 * virtualised table, sorted by a click on a column's header. The view is in the URL. A deleted signup
 * leaves the table through the live list, in every open panel.
 */
export function SignupsTab({ signups, signupsTotal, signupsComplete, roles = [] }: SignupsTabProps) {
  const { downloading, download } = useSpreadsheetDownload();
  const { view, setView } = useSignupView();
  const { rows, confirmed, answers, countries, sources, campaigns } = useViewRows(signups, view);
  const heading = useRef<HTMLHeadingElement>(null);
  const region = useRef<HTMLDivElement>(null);
  // The deleted row goes away with its button: focus waits on the table (or the heading, if none is left).
  const deletion = useSignupDeletion(() => (region.current ?? heading.current)?.focus());
  // The row's details follow the live row (its invite status turning joined, say) while they are open.
  const [detailsEmail, setDetailsEmail] = useState<string | null>(null);
  const details = detailsEmail === null ? null : (signups?.find((row) => row.email === detailsEmail) ?? null);
  const openDetails = useCallback((row: WaitlistSignupRow) => setDetailsEmail(row.email), []);
  const navigate = useNavigate();
  const isAdmin = canDeleteSignups(roles);
  const sortBy = useCallback(
    (key: SignupColumnKey) => setView({ ...view, sort: nextSort(view.sort, key) }),
    [view, setView],
  );
  // Until every signup is loaded, the total is the server's count.
  const total = signupsComplete && signups ? signups.length : (signupsTotal ?? signups?.length ?? null);

  let content;
  if (rows === null) {
    content = (
      <p className="table-state" role="status">
        <Spinner /> {LOADING_DATA}
      </p>
    );
  } else if (rows.length === 0) {
    content = (
      <p className="table-state" role="status">
        {signups?.length === 0 ? NO_DATA : NO_MATCHING_SIGNUPS}
      </p>
    );
  } else {
    content = (
      <DataTable
        rows={rows}
        label="Waitlist signups"
        onDelete={isAdmin ? deletion.ask : undefined}
        onDetails={openDetails}
        regionRef={region}
        sort={view.sort}
        onSort={sortBy}
      />
    );
  }

  return (
    <section className="tab" aria-labelledby="signups-heading">
      <h2 id="signups-heading" ref={heading} tabIndex={-1} className="tab__title">
        Waitlist Signups
      </h2>
      <Toolbar
        total={total}
        confirmed={confirmed}
        shown={rows?.length ?? null}
        view={view}
        onViewChange={setView}
        answers={answers}
        countries={countries}
        sources={sources}
        campaigns={campaigns}
        downloading={downloading}
        deleting={deletion.pending}
        onDownload={() => void download()}
        onDownloadFiltered={() => void download(view)}
        onInviteView={
          isAdmin
            ? () => void navigate(`${paths.invitations}?${signupViewToSearchParams(view).toString()}`)
            : undefined
        }
      />
      <FormMessage tone="error">{deletion.error}</FormMessage>
      <FormMessage tone="success">{deletion.success}</FormMessage>
      {signups !== null && !signupsComplete ? <LoadProgress loaded={signups.length} total={total} /> : null}
      {content}
      {details ? <SignupDetails row={details} onClose={() => setDetailsEmail(null)} /> : null}
      {deletion.asking ? (
        <ConfirmDialog
          title="Delete this signup?"
          confirmLabel="Delete signup"
          onCancel={deletion.cancel}
          onConfirm={deletion.confirm}
        >
          Everything held for {deletion.asking.email} is deleted for good: the signup with its answers, the
          mailing-list entry and any e-mail not yet sent. The activity log records the deletion, with the
          address hashed.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
