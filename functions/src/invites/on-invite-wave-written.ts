// invite_waves/{waveId} written → the wave's next chunk (waves.ts). Each chunk moves the wave's cursor,
// which triggers the next one, so a wave of any size runs in steps well inside a function's timeout; a
// retried or repeated event finds the chunk's people marked and invites nobody twice.
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@silk/schema/constants';
import { readMailConfig } from '../outbox/mail-config';
import { defaultMailContext } from '../subscribers/mailing-list';
import { adminServices } from '../shared/admin';
import { mailTokenSecret } from '../shared/secrets';
import { processWaveChunk, type StoredWave } from './waves';

export const onInviteWaveWritten = onDocumentWritten(
  {
    document: `${COLLECTIONS.inviteWaves}/{waveId}`,
    retry: true,
    secrets: [mailTokenSecret],
    timeoutSeconds: 300,
  },
  async (event) => {
    const wave = event.data?.after.data() as StoredWave | undefined;
    if (!wave?.prepared || wave.state !== 'running') return;
    const context = defaultMailContext();
    await processWaveChunk(adminServices().db, event.params.waveId, {
      context: () => context,
      ratePerSecond: readMailConfig().ratePerSecond,
    });
  },
);
