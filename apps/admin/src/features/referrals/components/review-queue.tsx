import { formatSignupDate } from '@silk/schema/formatters';
import { NO_WITHHELD_REFERRALS, REFERRAL_REVIEW_FAILED } from '@silk/schema/messages';
import type { ReferralRecord, WithholdReason } from '@silk/schema/referrals';
import { Button } from '@silk/ui/button';
import { FormMessage } from '@silk/ui/form-message';
import { useState } from 'react';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { reviewReferral, type ReviewDecision } from '@/features/referrals/api/referrals';
import { callFailure } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';

export const REASON_LABELS: Record<WithholdReason, string> = {
  'same-person': 'Same person as the referrer',
  'already-credited': 'Mailbox already credited to this referrer',
  'disposable-domain': 'Disposable e-mail domain',
  'network-burst': 'Burst from one network',
  'daily-cap': "Over the referrer's daily cap",
};

const COLUMNS: readonly RecordColumn<ReferralRecord>[] = [
  { header: 'Referred', cell: (record) => record.referred },
  { header: 'Referrer', cell: (record) => record.referrer },
  { header: 'Reason', cell: (record) => (record.reason ? REASON_LABELS[record.reason] : 'Not given') },
  {
    header: 'Confirmed',
    cell: (record) => (record.confirmedAt ? formatSignupDate(new Date(record.confirmedAt)) : 'N/A'),
  },
];

interface ReviewQueueProps {
  /** null while loading. */
  records: ReferralRecord[] | null;
  /** Admins get Grant and Reject on each referral. */
  canReview: boolean;
}

/** The referrals a fraud rule withheld, oldest first, live; an Admin grants or rejects each. */
export function ReviewQueue({ records, canReview }: ReviewQueueProps) {
  const action = useFormAction<string>();
  const [deciding, setDeciding] = useState<string | null>(null);

  const decisionColumn: RecordColumn<ReferralRecord> = {
    header: 'Decision',
    className: 'referrals__decision',
    cell: (record) => (
      <>
        <Button
          type="button"
          disabled={action.pending}
          aria-busy={action.pending && deciding === record.referred}
          aria-label={`Grant the referral of ${record.referred}`}
          onClick={() => decide(record.referred, 'grant')}
        >
          Grant
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={action.pending}
          aria-label={`Reject the referral of ${record.referred}`}
          onClick={() => decide(record.referred, 'reject')}
        >
          Reject
        </Button>
      </>
    ),
  };

  function decide(referred: string, decision: ReviewDecision) {
    setDeciding(referred);
    void action.submit(null, {
      run: () => reviewReferral(referred, decision),
      failure: (error) => callFailure(error, REFERRAL_REVIEW_FAILED),
      onSuccess: () => setDeciding(null),
    });
  }

  return (
    <>
      <FormMessage tone="error">{action.error}</FormMessage>
      <FormMessage tone="success">{action.success}</FormMessage>
      {records === null ? null : records.length === 0 ? (
        <p className="table-state">{NO_WITHHELD_REFERRALS}</p>
      ) : (
        <RecordTable
          label="Referrals waiting for review"
          rows={records}
          rowKey={(record) => record.referred}
          columns={canReview ? [...COLUMNS, decisionColumn] : COLUMNS}
        />
      )}
    </>
  );
}
