import { Spinner } from '@silk/ui/spinner';

export interface ToolbarProps {
  /** Total number of signups, or null while loading. */
  total: number | null;
  downloading: boolean;
  onDownload: () => void;
}

/** Above the table: the total count and "Download spreadsheet" with its progress. */
export function Toolbar({ total, downloading, onDownload }: ToolbarProps) {
  return (
    <div className="toolbar">
      <p className="toolbar__count" aria-live="polite">
        {total === null ? null : (
          <>
            Total signups: <strong>{total.toLocaleString('en-US')}</strong>
          </>
        )}
      </p>
      <div className="toolbar__actions">
        <span role="status" className="toolbar__progress">
          {downloading ? (
            <>
              <Spinner /> Preparing spreadsheet...
            </>
          ) : null}
        </span>
        <button
          type="button"
          className="button button--primary"
          onClick={onDownload}
          disabled={downloading}
          aria-busy={downloading}
        >
          Download spreadsheet
        </button>
      </div>
    </div>
  );
}
