import type { TopReferrer } from '@/lib/referral-stats';

const count = (value: number) => value.toLocaleString('en-US');

/** The top referrers: most confirmed referrals, then the earlier signup. */
export function Leaderboard({ top, label }: { top: readonly TopReferrer[]; label: string }) {
  if (top.length === 0) return <p className="table-state">No confirmed referrals yet.</p>;
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="activity-table">
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col">Subscriber</th>
            <th scope="col">Confirmed referrals</th>
            <th scope="col">Signups brought</th>
          </tr>
        </thead>
        <tbody>
          {top.map((referrer, index) => (
            <tr key={referrer.email}>
              <td>{index + 1}</td>
              <td>{referrer.email}</td>
              <td>{count(referrer.confirmedReferrals)}</td>
              <td>{count(referrer.referredSignups)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
