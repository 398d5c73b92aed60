import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { formatSignupDate, toDate } from '@silk/schema/formatters';
import { confirmedReferralsOf, referrerOf } from '@silk/schema/signup-view';
import { Button } from '@silk/ui/button';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

interface SignupDetailsProps {
  row: WaitlistSignupRow;
  onClose: () => void;
}

const dateOr = (value: unknown, missing: string) => {
  const date = toDate(value);
  return date ? formatSignupDate(date) : missing;
};

/**
 * What a signup's row leaves out of the 12 columns: its confirmation and its referrals (who referred it,
 * how many of its referrals were confirmed). A modal dialog: focus on Close, Escape or a click outside
 * closes it, focus returns to the row's button.
 */
export function SignupDetails({ row, onClose }: SignupDetailsProps) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Close is the dialog's one control: Escape closes, Tab stays on it.
    if (event.key === 'Escape' || event.key === 'Tab') event.preventDefault();
    if (event.key === 'Escape') onClose();
  }

  const referrer = referrerOf(row);
  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="dialog" onKeyDown={handleKeyDown}>
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
        </dl>
        <div className="dialog__actions">
          <Button ref={closeRef} type="button" variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </div>
  );
}
