import { Button } from '@silk/ui/button';
import { Spinner } from '@silk/ui/spinner';
import { useId } from 'react';
import { SIGNUP_FILTERS, type SignupFilter } from '@/features/signups/hooks/use-signup-filter';

interface ToolbarProps {
  /** Total number of signups, or null while loading. */
  total: number | null;
  /** How many of them are confirmed, or null while loading. */
  confirmed: number | null;
  /** Rows the filter leaves, or null while loading. */
  shown: number | null;
  filter: SignupFilter;
  onFilterChange: (filter: SignupFilter) => void;
  downloading: boolean;
  /** An Admin's deletion of a signup is under way. */
  deleting: boolean;
  onDownload: () => void;
}

const count = (value: number) => value.toLocaleString('en-US');

/** Above the table: the counts, the confirmed / unconfirmed filter and "Download spreadsheet" with its progress. */
export function Toolbar(props: ToolbarProps) {
  const { total, confirmed, shown, filter, onFilterChange, downloading, deleting, onDownload } = props;
  const filterId = useId();
  return (
    <div className="toolbar">
      <div className="toolbar__counts">
        <p className="toolbar__count" aria-live="polite">
          {total === null ? null : (
            <>
              Total signups: <strong>{count(total)}</strong>
            </>
          )}
        </p>
        <p className="toolbar__count" aria-live="polite">
          {confirmed === null ? null : (
            <>
              Confirmed: <strong>{count(confirmed)}</strong>
            </>
          )}
        </p>
        {filter !== 'all' && shown !== null ? (
          <p className="toolbar__count" aria-live="polite">
            Showing: <strong>{count(shown)}</strong>
          </p>
        ) : null}
      </div>
      <div className="toolbar__actions">
        <label className="toolbar__filter" htmlFor={filterId}>
          Show
        </label>
        <select
          id={filterId}
          className="toolbar__select"
          value={filter}
          onChange={(event) => onFilterChange(event.target.value as SignupFilter)}
        >
          {SIGNUP_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <span role="status" className="toolbar__progress">
          {downloading || deleting ? (
            <>
              <Spinner /> {downloading ? 'Preparing spreadsheet...' : 'Deleting signup...'}
            </>
          ) : null}
        </span>
        <Button type="button" onClick={onDownload} disabled={downloading} aria-busy={downloading}>
          Download spreadsheet
        </Button>
      </div>
    </div>
  );
}
