// The e-mail a referrer receives once on reaching a reward tier, from the copy in force of its kind.
import { MAIL_KIND_SPECS, type MailCopy } from '@silk/schema/mail-copy';
import type { SubscriberLinks } from '../subscriber-links';
import { renderSubscriberMail, type RenderedEmail } from './layout';

export { REWARD_BUTTON_LABEL } from '@silk/schema/mail-copy';

export interface RewardEmailVariables {
  /** The tier reached: its name and its description. */
  tierName: string;
  tierDescription: string;
  /** The credited referrals that reached it. */
  confirmedReferrals: number;
  /** The progress to the next tier ("Next: 3 of 10 referrals to Merch."), or the last tier's sentence. */
  nextTier: string;
}

export function rewardEmail(
  variables: RewardEmailVariables,
  links: SubscriberLinks,
  copy: MailCopy = MAIL_KIND_SPECS.reward.defaults,
): RenderedEmail {
  return renderSubscriberMail(
    copy,
    { ...variables, confirmedReferrals: variables.confirmedReferrals.toLocaleString('en-US') },
    links,
  );
}
