// Every hour on the hour (UTC): the daily drip's wave when it is due (drip.ts), invitations past their
// expiry marked expired (expiry.ts), and the reward tiers' invitations of people who have confirmed since
// they reached the tier (invite-for-reward.ts). The Functions emulator fires no schedules: the stack's
// clock does in `pnpm dev` and the e2e layer; the emulator tests call runDrip (with their own clock),
// expireInvitations and inviteConfirmedHolders themselves.
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions/logger';
import { adminServices } from '../shared/admin';
import { runDrip } from './drip';
import { expireInvitations } from './expiry';
import { inviteConfirmedHolders } from './invite-for-reward';

export const inviteSchedule = onSchedule(
  { schedule: '0 * * * *', timeZone: 'Etc/UTC', retryCount: 0 },
  async () => {
    const { db } = adminServices();
    const now = Date.now();
    const waveId = await runDrip(db, now);
    if (waveId) logger.info('inviteSchedule: the drip started a wave', { waveId });
    const expired = await expireInvitations(db, now);
    if (expired > 0) logger.info('inviteSchedule: invitations expired', { expired });
    const rewarded = await inviteConfirmedHolders(db);
    if (rewarded > 0)
      logger.info('inviteSchedule: reward holders invited since they confirmed', { rewarded });
  },
);
