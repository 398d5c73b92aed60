// POST /api/invite/decline {code, choice: keep | leave} (JSON, or the invitation page's forms) — "Not
// now": keep the place on the waitlist, or leave it (invitation-visit.ts). The form comes back to the
// invitation's page (303), which shows the outcome. Leaving puts the address on the suppression list (an
// unsubscribe); a used or unknown code is refused and changes nothing.
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { seeOther } from '../http/html-page';
import { refuseInviteForm } from './invite-forms';
import { invitePageUrl } from './invite-page';
import { decline } from './invitation-visit';
import { suppress, unsubscribed } from '../suppression/suppression-list';

export function makeDeclineInviteHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'declineInvite',
    async ({ services: { db }, body: { code, choice } }) => {
      // Leaving the waitlist is an unsubscribe.
      const left = await decline(db, code, choice);
      if (left !== null) await suppress(db, [left], unsubscribed('left the waitlist from an invitation'));
      return { ok: true };
    },
    deps,
    {
      form: {
        accepted: (res, _answer, body) => seeOther(res, invitePageUrl(body.code as string)),
        refuse: refuseInviteForm,
      },
    },
  );
}
