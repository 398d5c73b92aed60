// settings/rewards written → a tier added or lowered is given to the people already past it
// (reward-sweep.ts). Retried by the platform: the sweep creates nothing twice. (The ranking follows a
// change of the tiers' places skipped on its own: ranking/rerank-for-reward-tiers.ts; a tier that starts
// inviting invites its holders: invites/invite-for-reward.ts.)
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { mailTokenSecret } from '../shared/secrets';
import { adminServices } from '../shared/admin';
import { tiersWritten } from '../shared/reward-settings';
import { sweepRewards, sweepThreshold } from './reward-sweep';

export const onRewardSettingsWritten = onDocumentWritten(
  {
    document: `${COLLECTIONS.settings}/${REWARD_SETTINGS_DOC}`,
    retry: true,
    secrets: [mailTokenSecret],
    timeoutSeconds: 540,
  },
  async (event) => {
    const { before, after } = tiersWritten(event.data);
    const threshold = sweepThreshold(before, after);
    if (threshold !== null) await sweepRewards(adminServices().db, threshold);
  },
);
