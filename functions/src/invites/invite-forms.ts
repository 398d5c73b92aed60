// How the invitation's native forms are answered: each comes back to the invitation's page (303), which
// shows its new state, or — a refusal that names an invitation (used, expired, declined, unknown) — that
// invitation's page too, so the visitor always lands on the page with the right message and forms. Any
// other refusal (a malformed body, a rate limit) is a small message page.
import type { Refuse } from '../http/http';
import { refuseWithPage, seeOther } from '../http/html-page';
import { invitePageUrl } from './invite-page';
import { InvitationRefusal } from './invitation-visit';

export const refuseInviteForm: Refuse = (req, res, error) => {
  if (error instanceof InvitationRefusal) seeOther(res, invitePageUrl(error.code));
  else refuseWithPage(req, res, error);
};
