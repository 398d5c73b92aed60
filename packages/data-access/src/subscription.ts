// The calls behind the links in our e-mails, made by the site's /confirm and /unsubscribe pages with
// the signed token of the link (fetch only: no Firebase, no App Check — the token is the proof).
import type { LinkTokenResponse } from '@silk/schema/api';
import { callApi } from './api-client';

/** The routes a link token opens; resubscribe takes the unsubscribe link's token. */
export type LinkAction = 'confirmSubscription' | 'unsubscribe' | 'resubscribe' | 'eraseSubscriber';

/**
 * POST {api}/confirm | /unsubscribe | /resubscribe | /erase {token}. Non-OK raises an ApiError whose
 * message is the server's (a refused, expired or incomplete link, a rate limit).
 */
export function followEmailLink(
  apiBase: string,
  action: LinkAction,
  token: string,
): Promise<LinkTokenResponse> {
  return callApi({ apiBase }, action, { token });
}
