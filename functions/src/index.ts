// Wiring only: global options first, then one export line per function (each lives in its own file).
import './shared/global-options';

export { subscribe } from './signups/subscribe';
export { waitlistUpdate } from './signups/waitlist-update';
export { joinWaitlist } from './signups/join-waitlist';
export { createTeamMember } from './staff/create-team-member';
export { exportWaitlist } from './signups/export-waitlist';
export { signIn } from './staff/sign-in';
export { requestPasswordReset } from './staff/request-password-reset';
export { changePassword } from './staff/change-password';
export { changeUsername } from './staff/change-username';
export { teamList } from './staff/team-list';
export { teamUpdate } from './staff/team-update';
export { teamRemove } from './staff/team-remove';
export { confirmSubscription } from './mail/confirm-subscription';
export { unsubscribe } from './mail/unsubscribe';
export { resubscribe } from './mail/resubscribe';
export { eraseSubscriber } from './mail/erase-subscriber';
export { statusPage } from './status/status-page';
export { statusLink } from './status/status-link';
export { deleteSignup } from './signups/delete-signup';
export { reviewReferral } from './referrals/review-referral';
export { sendMail } from './mail/send-mail';
export { redriveMail } from './mail/redrive-mail';
export { onSignupWritten } from './signups/on-signup-written';
export { maintainSignupFeeds } from './signups/maintain-signup-feeds';
export { setRankingRule } from './ranking/set-ranking-rule';
export { onRankBuildWritten } from './ranking/on-rank-build-written';
