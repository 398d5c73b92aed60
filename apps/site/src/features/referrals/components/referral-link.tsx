import { referralLink } from '@silk/schema/referrals';
import { ShareButtons } from './share-buttons';

/** /waitlist after joining: the visitor's own referral link and its share list. */
export function ReferralLink({ code, origin }: { code: string; origin: string }) {
  const link = referralLink(origin, code);
  return (
    <section className="card referral" aria-labelledby="referral-title">
      <h2 id="referral-title">Move up the line</h2>
      <p>Each friend who joins through your link and confirms their e-mail moves you up the waitlist.</p>
      <p className="share__link" data-testid="referral-link">
        {link}
      </p>
      <ShareButtons link={link} />
    </section>
  );
}
