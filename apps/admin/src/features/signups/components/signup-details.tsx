import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { ATTRIBUTION_LABELS } from '@silk/schema/attribution';
import { formatSignupDate, toDate } from '@silk/schema/formatters';
import { INVITES_LOAD_FAILED } from '@silk/schema/messages';
import type { AttributionField } from '@silk/schema/signup-fields';
import {
  attributionOf,
  confirmedReferralsOf,
  inviteStatusOf,
  NO_ATTRIBUTION,
  referrerOf,
} from '@silk/schema/signup-view';
import { Button } from '@silk/ui/button';
import { FormMessage } from '@silk/ui/form-message';
import { Fragment, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import { watchHistory } from '@/features/signups/api/invite-history';
import { DialogBackdrop } from '@/components/dialog-backdrop';
import { useFocusWhileOpen } from '@/lib/use-focus-while-open';
import { useLive } from '@/lib/use-live';

interface SignupDetailsProps {
  row: WaitlistSignupRow;
  onClose: () => void;
}

const dateOr = (value: unknown, missing: string) => {
  const date = toDate(value);
  return date ? formatSignupDate(date) : missing;
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Each change of the address's invite status (who, when, which wave), read live. */
function InviteHistory({ email }: { email: string }) {
  const history = useLive(
    useMemo(() => watchHistory(email), [email]),
    INVITES_LOAD_FAILED,
  );
  if (history.error) return <FormMessage tone="error">{history.error}</FormMessage>;
  if (!history.value || history.value.length === 0) return null;
  return (
    <ol className="signup-details__history" aria-label="Invitation history">
      {history.value.map((entry, index) => (
        <li key={index}>
          {capitalised(entry.status)} by {entry.by}, {dateOr(entry.at, 'at an unknown time')}
          {entry.waveId ? ` (wave ${entry.waveId})` : ''}
        </li>
      ))}
    </ol>
  );
}

/**
 * What a signup's row leaves out of the 12 columns: its confirmation, its referrals (who referred it,
 * how many of its referrals were confirmed), its invite status with the history of its changes, where
 * it came from (its attribution, or an import) and why no mail goes to it. A modal dialog: focus on
 * Close, Escape or a click outside closes it, focus returns to the row's button.
 */
export function SignupDetails({ row, onClose }: SignupDetailsProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useFocusWhileOpen(closeRef);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Close is the dialog's one control: Escape closes, Tab stays on it.
    if (event.key === 'Escape' || event.key === 'Tab') event.preventDefault();
    if (event.key === 'Escape') onClose();
  }

  const referrer = referrerOf(row);
  // Only what is known: a signup without any reads "Source: (none)".
  const attribution = (Object.entries(ATTRIBUTION_LABELS) as [AttributionField, string][]).flatMap(
    ([key, label]) => {
      const value = attributionOf(row, key);
      return value === null ? [] : [[key, label, value] as const];
    },
  );
  return (
    <DialogBackdrop onDismiss={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="dialog"
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {row.email}
        </h2>
        <dl className="signup-details">
          <dt>Confirmed</dt>
          <dd>{dateOr(row.confirmedAt, 'Not confirmed')}</dd>
          <dt>Referred by</dt>
          <dd>{referrer ?? 'No one (not referred)'}</dd>
          <dt>Confirmed referrals</dt>
          <dd>{confirmedReferralsOf(row).toLocaleString('en-US')}</dd>
          <dt>Invitation</dt>
          <dd>{capitalised(inviteStatusOf(row))}</dd>
          {attribution.length === 0 ? (
            <>
              <dt>{ATTRIBUTION_LABELS.utmSource}</dt>
              <dd>{NO_ATTRIBUTION}</dd>
            </>
          ) : (
            attribution.map(([key, label, value]) => (
              <Fragment key={key}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))
          )}
          {row.importId ? (
            <>
              <dt>Origin</dt>
              <dd>Imported</dd>
            </>
          ) : null}
          {row.suppressedReason ? (
            <>
              <dt>Mail suppressed</dt>
              <dd>
                {capitalised(row.suppressedReason)}, {dateOr(row.suppressedAt, 'at an unknown time')}
              </dd>
            </>
          ) : null}
        </dl>
        <InviteHistory email={row.email} />
        <div className="dialog__actions">
          <Button ref={closeRef} type="button" variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </DialogBackdrop>
  );
}
