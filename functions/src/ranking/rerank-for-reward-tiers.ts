// settings/rewards written → when the line is ordered by "skip N" and the places the tiers skip changed,
// the line is re-ranked under the same rule, so everyone stands where the new tiers put them (the entry
// sync follows one person's change on its own). A retry may start a second re-rank, which supersedes the
// first.
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import { tierPlacesChanged } from '@silk/schema/rewards';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { adminServices } from '../shared/admin';
import { tiersWritten } from '../shared/reward-settings';
import { usesSeq } from './rank-keys';
import { rankSpace, readSettings } from './rank-store';
import { startRerank } from './rerank';

export const rerankForRewardTiers = onDocumentWritten(
  { document: `${COLLECTIONS.settings}/${REWARD_SETTINGS_DOC}`, retry: true },
  async (event) => {
    const { before, after } = tiersWritten(event.data);
    if (!tierPlacesChanged(before, after)) return;
    const { db } = adminServices();
    const space = rankSpace(db);
    const settings = readSettings((await space.settings.get()).data());
    const rule = settings.rerank?.state === 'running' ? settings.rerank.rule : settings.rule;
    if (usesSeq(rule)) await startRerank(db, space, rule);
  },
);
