// POST /api/invite/redeem {code} (JSON, or the invitation page's form) — redeems an open invitation once:
// its signup becomes joined and the visitor continues to the product's sign-up address with a one-time
// token (JSON: {ok, continueTo}; the form: a page that moves on there, invite-html.ts continuePage). A used, expired, declined or unknown code is
// refused (409 / 410 / 404; the form: back to the invitation's page, which says why) and changes nothing.
import { INTERNAL_ERROR } from '@silk/schema/messages';
import { logger } from 'firebase-functions/logger';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { sendHtmlPage } from '../http/html-page';
import { HttpError } from '../http/http';
import { refuseInviteForm } from './invite-forms';
import { continuePage } from './invite-html';
import { redeem } from './invitation-visit';

/** The product's sign-up address with the token (`?token=`, kept alongside the address's own query). */
export function continueUrl(productSignupUrl: string, token: string): string {
  const url = new URL(productSignupUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function makeRedeemInviteHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'redeemInvite',
    async ({ services: { db }, config, body: { code } }) => {
      if (!URL.canParse(config.productSignupUrl)) {
        // Checked before redeeming: an invitation is never used up by a deployment with nowhere to go.
        logger.error('redeemInvite: PRODUCT_SIGNUP_URL is not set to an address');
        throw new HttpError(500, INTERNAL_ERROR);
      }
      const token = await redeem(db, code);
      return { ok: true, continueTo: continueUrl(config.productSignupUrl, token) };
    },
    deps,
    {
      form: {
        accepted: (res, answer) =>
          sendHtmlPage(res, 200, continuePage((answer as { continueTo: string }).continueTo)),
        refuse: refuseInviteForm,
      },
    },
  );
}
