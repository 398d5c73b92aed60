// Wiring only: global options first, then one export line per function (each lives in its own file).
import './global-options';

export { subscribe } from './subscribe';
export { waitlistUpdate } from './waitlist-update';
export { createTeamMember } from './create-team-member';
export { exportWaitlist } from './export-waitlist';
