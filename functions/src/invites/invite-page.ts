// GET /invite?code=<code> — the invitation's page, rendered into the site's prerendered shell
// (/invite-shell) so it works without a script: an open invitation offers Continue and Not now (native
// form posts); a used one says so; an expired one offers to stay on the waitlist; an unknown, tampered
// or malformed code gets a clear page and changes nothing. The redeem and decline forms come back here
// (303) to show the invitation's new state.
import { INVITE_CODE_PARAM, parseInviteCode } from '@silk/schema/invites';
import { INVITE_SHELL_PATH, INVITE_SLOT } from '@silk/schema/constants';
import { endpoint, ANSWERED, type EndpointDeps } from '../http/endpoint';
import { refuseWithPage, sendHtmlPage } from '../http/html-page';
import { cachedShell, fillSlot, shellFetcher, type ShellLoader } from '../http/page-shell';
import { readMailConfig } from '../outbox/mail-config';
import { inviteHtml, inviteStatusCode } from './invite-html';
import { inviteLink } from './invitation-mail';
import { viewInvitation, type InvitationView } from './invitation-visit';

export interface InvitePageOptions {
  deps?: Partial<EndpointDeps>;
  shell?: ShellLoader;
  /** The site whose shell the page fills (by default the mail configuration's SITE_ORIGIN). */
  siteOrigin?: () => string;
}

/** The page of an invitation's code on this site (a form's 303): the e-mail's link without the origin. */
export function invitePageUrl(code: string): string {
  return inviteLink('', code);
}

export function makeInvitePageHandler(options: InvitePageOptions = {}) {
  const shell = options.shell ?? cachedShell(shellFetcher({ path: INVITE_SHELL_PATH, slot: INVITE_SLOT }));
  const siteOrigin = options.siteOrigin ?? (() => readMailConfig().siteOrigin);
  return endpoint(
    'invitePage',
    async ({ req, res, services: { db } }) => {
      const url = new URL((req as { url?: string }).url ?? '/', 'http://localhost');
      const code = parseInviteCode(url.searchParams.get(INVITE_CODE_PARAM));
      const view: InvitationView = code === null ? { kind: 'unknown' } : await viewInvitation(db, code);
      const page = fillSlot(await shell(siteOrigin()), INVITE_SLOT, inviteHtml(view, code));
      sendHtmlPage(res, inviteStatusCode(view, code), page);
      return ANSWERED;
    },
    options.deps,
    { page: { refuse: refuseWithPage } },
  );
}
