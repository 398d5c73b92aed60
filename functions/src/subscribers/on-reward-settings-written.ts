// settings/rewards written → a tier added or lowered is given to the people already past it
// (reward-sweep.ts), and when the line is ordered by "skip N" and the places the tiers skip changed, the
// line is re-ranked under the same rule so that everyone stands where the new tiers put them. Retried by
// the platform: the sweep creates nothing twice (a retry may start a second re-rank, which supersedes the
// first).
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import type { RewardSettings } from '@silk/schema/rewards';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { mailTokenSecret } from '../shared/secrets';
import { adminServices } from '../shared/admin';
import { rankSpace, readSettings } from '../ranking/rank-store';
import { usesSeq } from '../ranking/rank-keys';
import { startRerank } from '../ranking/rerank';
import { tierPlacesChanged, tiersIn } from '../referrals/reward-store';
import { sweepRewards, sweepThreshold } from './reward-sweep';

export const onRewardSettingsWritten = onDocumentWritten(
  {
    document: `${COLLECTIONS.settings}/${REWARD_SETTINGS_DOC}`,
    retry: true,
    secrets: [mailTokenSecret],
    timeoutSeconds: 540,
  },
  async (event) => {
    const { db } = adminServices();
    const before = tiersIn(event.data?.before.data() as Partial<RewardSettings> | undefined);
    const after = tiersIn(event.data?.after.data() as Partial<RewardSettings> | undefined);
    if (tierPlacesChanged(before, after)) {
      const space = rankSpace(db);
      const settings = readSettings((await space.settings.get()).data());
      const rule = settings.rerank?.state === 'running' ? settings.rerank.rule : settings.rule;
      if (usesSeq(rule)) await startRerank(db, space, rule);
    }
    const threshold = sweepThreshold(before, after);
    if (threshold !== null) await sweepRewards(db, threshold);
  },
);
