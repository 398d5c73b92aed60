// The zod request schema of every route (server side only: the functions' frame parses each body with
// its route's schema before the handler runs). Keyed like API_ROUTES, and checked against ApiContract:
// every request the contract lets a client send is one its schema's input type accepts, so the two
// cannot drift apart without `tsc` failing here.
import * as z from 'zod';
import {
  createTeamMemberRequestSchema,
  deleteSignupRequestSchema,
  exportWaitlistRequestSchema,
  joinRequestSchema,
  linkTokenRequestSchema,
  subscribeRequestSchema,
  waitlistUpdateRequestSchema,
} from './api';
import { apiKeyCreateRequestSchema, apiKeyListRequestSchema, apiKeyRevokeRequestSchema } from './api-key-api';
import type { ApiContract } from './api-contract';
import {
  broadcastReachRequestSchema,
  broadcastSendRequestSchema,
  broadcastTestRequestSchema,
} from './broadcasts';
import {
  embedJoinRequestSchema,
  embedOriginsListRequestSchema,
  embedOriginsSaveRequestSchema,
} from './embed-api';
import type { FunctionId } from './api-routes';
import {
  mailCopyListRequestSchema,
  mailCopyRestoreRequestSchema,
  mailCopySaveRequestSchema,
} from './mail-copy-api';
import {
  declineInviteRequestSchema,
  inviteDripRequestSchema,
  inviteWaveRequestSchema,
  redeemInviteRequestSchema,
  verifyInviteRequestSchema,
} from './invite-api';
import { importChunkRequestSchema, importListRequestSchema, importStartRequestSchema } from './import-api';
import { mailEventRequestSchema } from './mail-events-api';
import {
  apiHookSubscribeRequestSchema,
  apiHookUnsubscribeRequestSchema,
  apiSignupAddRequestSchema,
  apiSignupListRequestSchema,
  apiSubscriberStatusRequestSchema,
} from './public-api';
import {
  webhookListRequestSchema,
  webhookRedeliverRequestSchema,
  webhookRemoveRequestSchema,
  webhookSaveRequestSchema,
} from './webhook-api';
import {
  reviewReferralRequestSchema,
  setRankingRuleRequestSchema,
  statusLinkRequestSchema,
} from './referral-api';
import { rewardFulfilRequestSchema, rewardTiersSaveRequestSchema } from './reward-api';
import {
  passwordChangeRequestSchema,
  requestPasswordResetSchema,
  signInRequestSchema,
  teamRemoveRequestSchema,
  teamUpdateRequestSchema,
  usernameChangeRequestSchema,
} from './staff-api';

/** A call that sends nothing but the caller's token (the token is read by the frame). */
export const emptyRequestSchema = z.object({});

export const REQUEST_SCHEMAS = {
  subscribe: subscribeRequestSchema,
  waitlistUpdate: waitlistUpdateRequestSchema,
  joinWaitlist: joinRequestSchema,
  confirmPage: emptyRequestSchema,
  confirmSubscription: linkTokenRequestSchema,
  unsubscribe: linkTokenRequestSchema,
  resubscribe: linkTokenRequestSchema,
  unsubscribePage: emptyRequestSchema,
  eraseSubscriber: linkTokenRequestSchema,
  createTeamMember: createTeamMemberRequestSchema,
  exportWaitlist: exportWaitlistRequestSchema,
  signIn: signInRequestSchema,
  requestPasswordReset: requestPasswordResetSchema,
  changePassword: passwordChangeRequestSchema,
  changeUsername: usernameChangeRequestSchema,
  teamList: emptyRequestSchema,
  teamUpdate: teamUpdateRequestSchema,
  teamRemove: teamRemoveRequestSchema,
  deleteSignup: deleteSignupRequestSchema,
  statusPage: emptyRequestSchema,
  statusLink: statusLinkRequestSchema,
  statusData: linkTokenRequestSchema,
  reviewReferral: reviewReferralRequestSchema,
  setRankingRule: setRankingRuleRequestSchema,
  rewardTiersSave: rewardTiersSaveRequestSchema,
  rewardFulfil: rewardFulfilRequestSchema,
  invitePage: emptyRequestSchema,
  redeemInvite: redeemInviteRequestSchema,
  declineInvite: declineInviteRequestSchema,
  verifyInvite: verifyInviteRequestSchema,
  inviteWave: inviteWaveRequestSchema,
  inviteDrip: inviteDripRequestSchema,
  webhookList: webhookListRequestSchema,
  webhookSave: webhookSaveRequestSchema,
  webhookRemove: webhookRemoveRequestSchema,
  webhookRedeliver: webhookRedeliverRequestSchema,
  importStart: importStartRequestSchema,
  importChunk: importChunkRequestSchema,
  importList: importListRequestSchema,
  mailEvents: mailEventRequestSchema,
  apiKeyList: apiKeyListRequestSchema,
  apiKeyCreate: apiKeyCreateRequestSchema,
  apiKeyRevoke: apiKeyRevokeRequestSchema,
  apiReference: emptyRequestSchema,
  apiV1SignupAdd: apiSignupAddRequestSchema,
  apiV1SignupList: apiSignupListRequestSchema,
  apiV1SubscriberStatus: apiSubscriberStatusRequestSchema,
  apiV1HookSubscribe: apiHookSubscribeRequestSchema,
  apiV1HookUnsubscribe: apiHookUnsubscribeRequestSchema,
  embedJoin: embedJoinRequestSchema,
  embedOriginsList: embedOriginsListRequestSchema,
  embedOriginsSave: embedOriginsSaveRequestSchema,
  mailCopyList: mailCopyListRequestSchema,
  mailCopySave: mailCopySaveRequestSchema,
  mailCopyRestore: mailCopyRestoreRequestSchema,
  broadcastList: emptyRequestSchema,
  broadcastReach: broadcastReachRequestSchema,
  broadcastTest: broadcastTestRequestSchema,
  broadcastSend: broadcastSendRequestSchema,
} as const satisfies { [K in FunctionId]: z.ZodType };

export type RequestSchemas = typeof REQUEST_SCHEMAS;
/** The body a route's handler receives: its request as its schema leaves it. */
export type ParsedRequest<K extends FunctionId> = z.output<RequestSchemas[K]>;

/** The routes whose schema would refuse, by its type, a request the contract allows (none). */
type Drifted = {
  [K in FunctionId]: ApiContract[K]['request'] extends z.input<RequestSchemas[K]> ? never : K;
}[FunctionId];
/** Fails to compile, naming the route, when a schema and its contract drift apart. */
export const SCHEMAS_MATCH_CONTRACT: [Drifted] extends [never] ? true : Drifted = true;
