// rank_builds/{version} written → the next chunk of a running re-rank (rerank.ts), or the deletion of a
// version a re-rank replaced. Each chunk writes the build's cursor, which triggers the next one, so a
// re-rank of any size runs in steps well inside a function's timeout; a retried or repeated event finds
// the cursor moved and the chunk's entries there.
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { adminServices } from '../shared/admin';
import { rankSpace, type RankBuild } from './rank-store';
import { buildChunk, retireBuild } from './rerank';

export const onRankBuildWritten = onDocumentWritten(
  { document: 'rank_builds/{version}', retry: true },
  async (event) => {
    const build = event.data?.after.data() as RankBuild | undefined;
    const { db } = adminServices();
    const version = Number(event.params.version);
    if (build?.state === 'building') await buildChunk(db, rankSpace(db), version);
    else if (build?.state === 'retired') await retireBuild(db, rankSpace(db), version);
  },
);
