// GET /confirm?token=… and GET /unsubscribe?token=…&erase=… — the pages of the links in our e-mails,
// the site's prerendered shells (/confirm-shell, /unsubscribe-shell) with the link's token as the value
// of their forms' hidden fields, so "Confirm my spot" and "Unsubscribe" post before and without a script
// (the page's island takes the forms over once it runs). A GET reads nothing and changes nothing (mail
// scanners fetch links); a tampered token is refused when a form posts it, or by the island's call.
import { CONFIRM_SHELL_PATH, LINK_TOKEN_SLOT, UNSUBSCRIBE_SHELL_PATH } from '@silk/schema/constants';
import type { FunctionId } from '@silk/schema/api-routes';
import { endpoint, ANSWERED, type EndpointDeps } from '../http/endpoint';
import { escapeHtml, refuseWithPage, sendHtmlPage } from '../http/html-page';
import { cachedShell, shellFetcher, type ShellLoader } from '../http/page-shell';
import { readMailConfig } from '../outbox/mail-config';

export interface LinkPageOptions {
  deps?: Partial<EndpointDeps>;
  shell?: ShellLoader;
  /** The site whose shell the page fills (by default the mail configuration's SITE_ORIGIN). */
  siteOrigin?: () => string;
}

/** The shell with every slot of the link's token filled ('' for a URL without one). */
export function fillLinkToken(shell: string, search: URLSearchParams): string {
  const token = escapeHtml(search.get('token')?.trim() ?? '');
  return shell.replaceAll(LINK_TOKEN_SLOT, () => token);
}

function makeLinkPageHandler(
  id: Extract<FunctionId, 'confirmPage' | 'unsubscribePage'>,
  path: string,
  options: LinkPageOptions,
) {
  const shell = options.shell ?? cachedShell(shellFetcher({ path, slot: LINK_TOKEN_SLOT }));
  const siteOrigin = options.siteOrigin ?? (() => readMailConfig().siteOrigin);
  return endpoint(
    id,
    async ({ req, res }) => {
      const url = new URL((req as { url?: string }).url ?? '/', 'http://localhost');
      sendHtmlPage(res, 200, fillLinkToken(await shell(siteOrigin()), url.searchParams));
      return ANSWERED;
    },
    options.deps,
    { page: { refuse: refuseWithPage } },
  );
}

export function makeConfirmPageHandler(options: LinkPageOptions = {}) {
  return makeLinkPageHandler('confirmPage', CONFIRM_SHELL_PATH, options);
}

export function makeUnsubscribePageHandler(options: LinkPageOptions = {}) {
  return makeLinkPageHandler('unsubscribePage', UNSUBSCRIBE_SHELL_PATH, options);
}
