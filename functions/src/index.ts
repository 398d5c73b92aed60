// Wiring only: global options first, then one export line per function (each lives in its own file).
import './global-options';

export { subscribe } from './subscribe';
export { waitlistUpdate } from './waitlist-update';
export { joinWaitlist } from './join-waitlist';
export { createTeamMember } from './create-team-member';
export { exportWaitlist } from './export-waitlist';
export { signIn } from './sign-in';
export { requestPasswordReset } from './request-password-reset';
export { changePassword } from './change-password';
export { changeUsername } from './change-username';
export { teamList } from './team-list';
export { teamUpdate } from './team-update';
export { teamRemove } from './team-remove';
export { confirmSubscription } from './confirm-subscription';
export { unsubscribe } from './unsubscribe';
export { resubscribe } from './resubscribe';
export { eraseSubscriber } from './erase-subscriber';
export { deleteSignup } from './delete-signup';
export { sendMail } from './send-mail';
export { redriveMail } from './redrive-mail';
export { onSignupWritten } from './on-signup-written';
export { maintainSignupFeeds } from './maintain-signup-feeds';
