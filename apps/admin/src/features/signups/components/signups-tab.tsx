import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { LOADING_DATA, NO_DATA } from '@silk/schema/messages';
import { Spinner } from '@silk/ui/spinner';
import { useSpreadsheetDownload } from '../hooks/use-download';
import { DataTable } from './data-table';
import { Toolbar } from './toolbar';

export interface SignupsTabProps {
  /** null while the live subscription has not delivered yet. */
  signups: WaitlistSignupRow[] | null;
}

/** Waitlist Signups (default tab): toolbar and the live, virtualised table. */
export function SignupsTab({ signups }: SignupsTabProps) {
  const { downloading, download } = useSpreadsheetDownload();
  return (
    <section className="tab" aria-labelledby="signups-heading">
      <h2 id="signups-heading" className="tab__title">
        Waitlist Signups
      </h2>
      <Toolbar total={signups?.length ?? null} downloading={downloading} onDownload={() => void download()} />
      {signups === null ? (
        <p className="table-state" role="status">
          <Spinner /> {LOADING_DATA}
        </p>
      ) : signups.length === 0 ? (
        <p className="table-state" role="status">
          {NO_DATA}
        </p>
      ) : (
        <DataTable rows={signups} label="Waitlist signups" />
      )}
    </section>
  );
}
