// The functions that serve no route, keyed by function id: the Firestore triggers and the schedules, each
// exported by its own module (functions/src/<module>.ts). functions/src/index.ts exports them after the
// routes' functions (`pnpm routes:write`).
export const BACKGROUND_FUNCTIONS = {
  /** Sends a queued e-mail (mail/{id} written). */
  sendMail: 'outbox/send-mail',
  /** Failed and unfinished mail back to RETRY, waiting confirmations into the queue (every minute). */
  redriveMail: 'outbox/redrive-schedule',
  /** The panel's feeds and the server's stamps on a signup (waitlist_signups/{id} written). */
  onSignupWritten: 'signups/on-signup-written',
  /** Repairs stamps, edit keys, the total and the feeds (every 6 hours). */
  maintainSignupFeeds: 'signups/maintain-signup-feeds',
  /** Ranks a list that has no index yet, as after the ranking's first deploy (every minute). */
  rankExistingList: 'signups/rank-existing-list',
  /** The ranking's changes not yet folded into its counts (every minute). */
  foldRankingChanges: 'ranking/fold-schedule',
  /** A re-rank's next chunk (rank_builds/{version} written). */
  onRankBuildWritten: 'ranking/on-rank-build-written',
  /** An invite wave's next chunk (invite_waves/{waveId} written). */
  onInviteWaveWritten: 'invites/on-invite-wave-written',
  /** The daily drip when due, and expired invitations (every hour). */
  inviteSchedule: 'invites/invite-schedule',
  /** One delivery per subscribed endpoint (webhook_events/{id} created). */
  onWebhookEventCreated: 'webhooks/on-webhook-event-created',
  /** A webhook delivery's attempt (webhook_deliveries/{id} written). */
  onWebhookDeliveryWritten: 'webhooks/on-webhook-delivery-written',
  /** Due and unfinished webhook deliveries back to RETRY (every minute). */
  redriveWebhooks: 'webhooks/redrive-webhooks',
  /** A send-now broadcast's preparation (broadcasts/{id} created). */
  onBroadcastWritten: 'broadcasts/on-broadcast-written',
  /** A broadcast's pending chunk sent (broadcasts/{id}/chunks/{n} written). */
  onBroadcastChunkWritten: 'broadcasts/on-broadcast-chunk-written',
  /** Due scheduled broadcasts prepared, stopped chunks resumed (every minute). */
  broadcastSchedule: 'broadcasts/broadcast-schedule',
  /** A tier added or lowered given to the people already past it (settings/rewards written). */
  onRewardSettingsWritten: 'subscribers/on-reward-settings-written',
  /** The line re-ranked when the tiers' places skipped changed under "skip N" (settings/rewards written). */
  rerankForRewardTiers: 'ranking/rerank-for-reward-tiers',
  /** A tier that invites automatically: the person's invitation (rewards/{entryId} created). */
  inviteForReward: 'invites/invite-for-reward',
  /** A tier switched to invite automatically: everyone already in its queue invited (settings/rewards written). */
  inviteForRewardTiers: 'invites/invite-for-reward',
} as const;

export type BackgroundFunctionId = keyof typeof BACKGROUND_FUNCTIONS;
