// The one entry point of the benches (bench/*.ts) into the functions' code: exactly what they use, so the
// package exports no other internal module (package.json `./bench`).
export { startImport } from '../src/imports/import-store';
export {
  newInvitation,
  newInviteCode,
  redeemInvitation,
  writeInvitation,
} from '../src/invites/invitation-store';
export { processWaveChunk, startWave, waveRef, type StoredWave } from '../src/invites/waves';
export { signLinkToken } from '../src/http/link-token';
export { handleMailWrite } from '../src/outbox/delivery';
export { readMailConfig } from '../src/outbox/mail-config';
export { redriveMail } from '../src/outbox/mail-redrive';
export { settleAll } from '../src/ranking/fold';
export { positionOf, ReadMeter } from '../src/ranking/position';
export { buildRef, rankSpace, readSettings } from '../src/ranking/rank-store';
export { runRerank, startRerank } from '../src/ranking/rerank';
export { syncRankEntry } from '../src/ranking/sync-entry';
export { readServerConfig, type ServerConfig } from '../src/shared/config';
export { makeExportWaitlistHandler, type ExportWaitlistDeps } from '../src/signups/export-waitlist';
export { reconcileSignupCount } from '../src/signups/signup-count';
export { recordSignupWrite, refreshRecentSignups } from '../src/signups/signup-feeds';
export { makeWaitlistUpdateHandler } from '../src/signups/waitlist-update';
export type { SignupRecord } from '../src/signups/xlsx';
export { statusHtml, type StatusContent } from '../src/status/status-html';
export { fillShell } from '../src/status/status-shell';
export { makeConfirmSubscriptionHandler } from '../src/subscribers/confirm-subscription';
export { makeSubscribeHandler } from '../src/subscribers/subscribe';
export { signedHeaders } from '../src/webhooks/attempt';
export { serveWithFunctionsFramework } from './functions-framework';
export { serveHandler } from './serve-handler';
export { EMULATOR_SECRET, startSiteverifyStub } from './siteverify-stub';
export { writeWithheldReferral } from './withheld-referral';
export { broadcastRef, createBroadcast, type StoredBroadcast } from '../src/broadcasts/broadcast-store';
export { runBroadcastSchedule } from '../src/broadcasts/broadcast-schedule';
