// POST /api/status-link {email} (JSON, or the status page's native form) — a fresh link to the private
// status page, e-mailed only to the address itself and only if it is on the mailing list. The answer is
// the same for any address (JSON {ok: true}; the form: 303 → /status?sent), so the route tells nobody
// whether an address is on the list. The mail waits for the same global hourly ceiling as confirmations
// (mail-waiting.ts): a flood through many addresses sends no more than that.
import { API_ROUTES } from '@silk/schema/api-routes';
import { STATUS_SENT_PARAM } from '@silk/schema/constants';
import { logger } from 'firebase-functions/logger';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { listUnsubscribeHeaders, subscriberLinks } from '../mail/subscriber-links';
import type { QueuedMail } from '../mail/mail-queue';
import { newWaitingMailRef, releaseWaitingMail, waitingMail } from '../mail/mail-waiting';
import { defaultMailContext, type MailContext } from '../mail/mailing-list';
import { signupRef, subscriberRef } from '../mail/subscribers';
import { claimReferralCode, referralCodeIn } from '../referrals/codes';
import { signupChange } from '../shared/signup-change';
import { statusLinkEmail } from '../mail/templates/status-link';
import { HTTP_FUNCTION_OPTIONS, type Ceilings } from '../shared/config';
import { httpsFunction } from '../shared/https-function';
import { mailTokenSecret } from '../shared/secrets';
import { refuseWithPage, seeOther } from '../http/html-page';

/** Where the form lands: the status page's "check your inbox". */
export const STATUS_SENT_PATH = `${API_ROUTES.statusPage.path}?${STATUS_SENT_PARAM}`;

export function statusLinkMail(email: string, subscriberId: string, referralCode: string, context: MailContext): QueuedMail {
  const links = subscriberLinks(context.config.siteOrigin, context.secret, subscriberId, referralCode);
  const { subject, text, html } = statusLinkEmail(links);
  return { to: email, message: { subject, text, html }, headers: listUnsubscribeHeaders(links) };
}

/**
 * Queues the status link of a subscriber on the list (nothing for any other address), in one transaction
 * with the subscriber's referral code, made now for a subscriber from before codes.
 */
export async function sendStatusLink(
  db: Firestore,
  email: string,
  ceilings: Ceilings,
  mailContext: () => MailContext = defaultMailContext,
): Promise<void> {
  const context = mailContext();
  const waiting = await db.runTransaction(async (transaction): Promise<DocumentReference | null> => {
    const subscriber = await transaction.get(subscriberRef(db, email));
    const subscriberId = subscriber.get('subscriberId') as unknown;
    if (typeof subscriberId !== 'string' || subscriberId === '') return null;
    const signup = await transaction.get(signupRef(db, email));
    const { code, fresh } = await referralCodeIn(transaction, db, subscriber.get('referralCode'));
    if (fresh) {
      claimReferralCode(transaction, db, code, email);
      transaction.update(subscriber.ref, { referralCode: code });
      if (signup.exists) transaction.update(signup.ref, signupChange({ referralCode: code }));
    }
    const queued = newWaitingMailRef(db);
    transaction.create(queued, waitingMail(statusLinkMail(email, subscriberId, code, context)));
    return queued;
  });
  if (!waiting) return;
  try {
    await releaseWaitingMail(db, waiting, ceilings);
  } catch (error) {
    logger.warn('sendStatusLink: left waiting', { error: String(error) });
  }
}

export function makeStatusLinkHandler(deps: Partial<EndpointDeps> = {}, mailContext?: () => MailContext) {
  return endpoint(
    'statusLink',
    async ({ services: { db }, config, body: { email } }) => {
      await sendStatusLink(db, email, config.ceilings, mailContext);
      return { ok: true };
    },
    deps,
    {
      form: {
        accepted: (res) => seeOther(res, STATUS_SENT_PATH),
        refuse: refuseWithPage,
      },
    },
  );
}

export const statusLinkHandler = makeStatusLinkHandler();
export const statusLink = httpsFunction({ ...HTTP_FUNCTION_OPTIONS, secrets: [mailTokenSecret] }, statusLinkHandler);
