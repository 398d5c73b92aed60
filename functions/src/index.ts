// Wiring only: global options and one export line per function (each lives in its own file).
import { setGlobalOptions } from 'firebase-functions/v2';
import { GLOBAL_OPTIONS } from './config';

setGlobalOptions(GLOBAL_OPTIONS);

export { subscribe } from './subscribe';
export { waitlistUpdate } from './waitlist-update';
export { createTeamMember } from './create-team-member';
export { exportWaitlist } from './export-waitlist';
