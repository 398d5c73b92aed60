// The e-mail a referrer receives once on reaching a reward tier.
import { PRODUCT_NAME } from '@silk/schema/constants';
import type { SubscriberLinks } from '../subscriber-links';
import { renderEmail, type RenderedEmail } from './layout';

export const REWARD_BUTTON_LABEL = 'See my rewards';

export interface RewardEmailVariables {
  /** The tier reached: its name, its description and the credited referrals it asks for. */
  tierName: string;
  tierDescription: string;
  referrals: number;
  /** The progress to the next tier ("3 of 10 referrals to Merch"), or null at the last one. */
  nextTier: string | null;
}

export function rewardEmail(variables: RewardEmailVariables, links: SubscriberLinks): RenderedEmail {
  const { tierName, tierDescription, referrals, nextTier } = variables;
  const friends = referrals === 1 ? 'a friend has' : `${referrals} friends have`;
  return renderEmail(
    {
      subject: `You earned a reward: ${tierName}`,
      preheader: `Your referrals earned you ${tierName} on the ${PRODUCT_NAME} waitlist.`,
      heading: `You reached ${tierName}`,
      paragraphs: [
        `Thank you: ${friends} joined and confirmed through your link, so you earned ${tierName}.`,
        ...(tierDescription ? [tierDescription] : []),
        ...(nextTier ? [`Next: ${nextTier}.`] : []),
      ],
      action: { label: REWARD_BUTTON_LABEL, url: links.status },
      secondary: { label: 'Share my link', url: links.referral },
      closing: ['The team will be in touch about your reward.'],
    },
    links,
  );
}
