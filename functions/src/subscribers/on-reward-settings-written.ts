// settings/rewards written → a tier added or lowered is given to the people already past it
// (reward-sweep.ts). Retried by the platform: the sweep creates nothing twice.
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import type { RewardSettings } from '@silk/schema/rewards';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { mailTokenSecret } from '../shared/secrets';
import { adminServices } from '../shared/admin';
import { sweepRewards, sweepThreshold } from './reward-sweep';

const tiersOf = (settings: Partial<RewardSettings> | undefined) =>
  Array.isArray(settings?.tiers) ? settings.tiers : [];

export const onRewardSettingsWritten = onDocumentWritten(
  {
    document: `${COLLECTIONS.settings}/${REWARD_SETTINGS_DOC}`,
    retry: true,
    secrets: [mailTokenSecret],
    timeoutSeconds: 540,
  },
  async (event) => {
    const before = tiersOf(event.data?.before.data() as Partial<RewardSettings> | undefined);
    const after = tiersOf(event.data?.after.data() as Partial<RewardSettings> | undefined);
    const threshold = sweepThreshold(before, after);
    if (threshold !== null) await sweepRewards(adminServices().db, threshold);
  },
);
