// What each route of API_ROUTES takes and answers, as types only: the browser client (packages/
// data-access) types its calls with it, the functions' frame types each handler's answer with it, and
// REQUEST_SCHEMAS (api-schemas.ts) must accept every request it allows. `import type` only, so no zod
// reaches a bundle through this module.
import type {
  CreateTeamMemberResponse,
  DeleteSignupRequest,
  DeleteSignupResponse,
  ExportWaitlistRequest,
  JoinRequest,
  LinkTokenRequest,
  LinkTokenResponse,
  SubscribeRequest,
  SubscribeResponse,
  WaitlistUpdateRequest,
} from './api';
import type { FunctionId, StaffRouteId } from './api-routes';
import type {
  DeclineInviteRequest,
  InviteDripRequest,
  InviteDripResponse,
  InviteWaveRequest,
  InviteWaveResponse,
  RedeemInviteRequest,
  RedeemInviteResponse,
  VerifyInviteRequest,
  VerifyInviteResponse,
} from './invite-api';
import type {
  ReviewReferralRequest,
  ReviewReferralResponse,
  SetRankingRuleRequest,
  SetRankingRuleResponse,
  StatusLinkRequest,
} from './referral-api';
import type { NewTeamMember } from './entities';
import type {
  ImportChunkRequest,
  ImportChunkResponse,
  ImportListResponse,
  ImportStartRequest,
  ImportStartResponse,
} from './import-api';
import type { MailEventRequest, MailEventResponse } from './mail-events-api';
import type {
  WebhookListRequest,
  WebhookListResponse,
  WebhookRedeliverRequest,
  WebhookRedeliverResponse,
  WebhookRemoveRequest,
  WebhookSaveRequest,
  WebhookSaveResponse,
} from './webhook-api';
import type {
  MessageResponse,
  PasswordChangeRequest,
  PasswordResetRequest,
  SignInRequest,
  SignInResponse,
  TeamListResponse,
  TeamRemoveRequest,
  TeamUpdateRequest,
  UsernameChangeRequest,
} from './staff-api';

/** The answer of a route that sends a file (the spreadsheet) rather than JSON. */
export interface FileAnswer {
  readonly file: true;
}

/** The answer of a page route: an HTML document, not JSON. */
export interface PageAnswer {
  readonly page: true;
}

export interface WaitlistUpdateResponse {
  ok: true;
  score: number;
}

/**
 * Per route: `request`, the JSON body the client sends (a staff route's ID token is added by the client
 * and read by the frame, so it is not part of it), and `answer`, the 200 answer's body.
 */
export interface ApiContract {
  subscribe: { request: SubscribeRequest; answer: SubscribeResponse };
  waitlistUpdate: { request: WaitlistUpdateRequest; answer: WaitlistUpdateResponse };
  joinWaitlist: { request: JoinRequest; answer: SubscribeResponse };
  confirmPage: { request: Record<string, never>; answer: PageAnswer };
  confirmSubscription: { request: LinkTokenRequest; answer: LinkTokenResponse };
  unsubscribe: { request: LinkTokenRequest; answer: LinkTokenResponse };
  resubscribe: { request: LinkTokenRequest; answer: LinkTokenResponse };
  unsubscribePage: { request: Record<string, never>; answer: PageAnswer };
  eraseSubscriber: { request: LinkTokenRequest; answer: LinkTokenResponse };
  createTeamMember: { request: NewTeamMember; answer: CreateTeamMemberResponse };
  exportWaitlist: { request: ExportWaitlistRequest; answer: FileAnswer };
  signIn: { request: SignInRequest; answer: SignInResponse };
  requestPasswordReset: { request: PasswordResetRequest; answer: { ok: true } };
  changePassword: { request: PasswordChangeRequest; answer: MessageResponse };
  changeUsername: { request: UsernameChangeRequest; answer: MessageResponse };
  teamList: { request: Record<string, never>; answer: TeamListResponse };
  teamUpdate: { request: TeamUpdateRequest; answer: MessageResponse };
  teamRemove: { request: TeamRemoveRequest; answer: MessageResponse };
  deleteSignup: { request: DeleteSignupRequest; answer: DeleteSignupResponse };
  statusPage: { request: Record<string, never>; answer: PageAnswer };
  statusLink: { request: StatusLinkRequest; answer: { ok: true } };
  reviewReferral: { request: ReviewReferralRequest; answer: ReviewReferralResponse };
  setRankingRule: { request: SetRankingRuleRequest; answer: SetRankingRuleResponse };
  invitePage: { request: Record<string, never>; answer: PageAnswer };
  redeemInvite: { request: RedeemInviteRequest; answer: RedeemInviteResponse };
  declineInvite: { request: DeclineInviteRequest; answer: { ok: true } };
  verifyInvite: { request: VerifyInviteRequest; answer: VerifyInviteResponse };
  inviteWave: { request: InviteWaveRequest; answer: InviteWaveResponse };
  inviteDrip: { request: InviteDripRequest; answer: InviteDripResponse };
  webhookList: { request: WebhookListRequest; answer: WebhookListResponse };
  webhookSave: { request: WebhookSaveRequest; answer: WebhookSaveResponse };
  webhookRemove: { request: WebhookRemoveRequest; answer: { ok: true } };
  webhookRedeliver: { request: WebhookRedeliverRequest; answer: WebhookRedeliverResponse };
  importStart: { request: ImportStartRequest; answer: ImportStartResponse };
  importChunk: { request: ImportChunkRequest; answer: ImportChunkResponse };
  importList: { request: Record<string, never>; answer: ImportListResponse };
  mailEvents: { request: MailEventRequest; answer: MailEventResponse };
}

export type ApiRequest<K extends FunctionId> = ApiContract[K]['request'];
export type ApiAnswer<K extends FunctionId> = ApiContract[K]['answer'];
export type { StaffRouteId };

/** Every route has its contract, and the contract names no other route. */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const CONTRACT_COVERS_EVERY_ROUTE: Exact<keyof ApiContract, FunctionId> = true;
