// POST /api/status-link {email} (JSON, or the status page's native form) — a fresh link to the private
// status page, e-mailed only to the address itself and only if it is on the mailing list. The answer is
// the same for any address (JSON {ok: true}; the form: 303 → /status?sent), and so is the work: every
// request, listed address or not, takes a unit of the status-link ceiling in one transaction that reads
// the same documents (the subscriber, the signup, the mailbox's mail budget), so neither the answer nor
// its time tells whether an address is on the list. The mail enters the mail queue at once, counted
// against its own hourly ceiling and the mailbox's daily budget (mail-budget.ts), never the
// confirmations' (mail-waiting.ts): a flood of status links cannot hold a confirmation back. Beyond the
// ceiling or the budget no mail is queued, and nothing tells the caller.
import { API_ROUTES } from '@silk/schema/api-routes';
import type { MailCopy } from '@silk/schema/mail-copy';
import { COLLECTIONS, STATUS_SENT_PARAM } from '@silk/schema/constants';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { listUnsubscribeHeaders, subscriberLinks } from '../subscribers/subscriber-links';
import type { QueuedMail } from '../outbox/mail-queue';
import { mailBudgetRef, spendMailBudget } from '../outbox/mail-budget';
import { defaultMailContext, type MailContext } from '../subscribers/mailing-list';
import { signupRef, subscriberRef } from '../subscribers/subscribers';
import { claimReferralCode, referralCodeIn } from '../referrals/codes';
import { signupChange } from '../shared/signup-change';
import { statusLinkEmail } from '../subscribers/templates/status-link';
import { type Ceilings } from '../shared/config';
import { takeCeilingUnit, type Ceiling } from '../shared/ceiling';
import { refuseWithPage, seeOther } from '../http/html-page';
import { mailCopy } from '../shared/mail-copy-store';

/** Where the form lands: the status page's "check your inbox". */
export const STATUS_SENT_PATH = `${API_ROUTES.statusPage.path}?${STATUS_SENT_PARAM}`;

/** The global ceiling on status-link requests (config.ts, Ceilings.statusLinkMails), apart from confirmations'. */
export function statusLinkCeiling(ceilings: Ceilings): Ceiling {
  return { scope: 'status-link-mails', limit: ceilings.statusLinkMails, windowMs: ceilings.windowMs };
}

export function statusLinkMail(
  email: string,
  subscriberId: string,
  referralCode: string,
  context: MailContext,
  copy?: MailCopy,
): QueuedMail {
  const links = subscriberLinks(context.config.siteOrigin, context.secret, subscriberId, referralCode);
  const { subject, text, html } = statusLinkEmail(links, copy);
  return { to: email, message: { subject, text, html }, headers: listUnsubscribeHeaders(links) };
}

/**
 * Takes a unit of the status-link ceiling for any address and, in the same transaction, queues the
 * status link of a subscriber on the list whose mailbox's budget allows it (with the subscriber's
 * referral code, made now for a subscriber from before codes). Nothing for any other address; nothing
 * when the ceiling is full. Resolves whether a mail was queued (for tests: the caller answers the same).
 */
export async function sendStatusLink(
  db: Firestore,
  email: string,
  ceilings: Ceilings,
  mailContext: () => MailContext = defaultMailContext,
): Promise<boolean> {
  const context = mailContext();
  const copy = await mailCopy(db, 'statusLink');
  let queued = false;
  await takeCeilingUnit(db, statusLinkCeiling(ceilings), async (transaction) => {
    queued = false; // a transaction may run again
    const [subscriber, signup, budget] = (await transaction.getAll(
      subscriberRef(db, email),
      signupRef(db, email),
      mailBudgetRef(db, context.secret, email),
    )) as [DocumentSnapshot, DocumentSnapshot, DocumentSnapshot];
    const subscriberId = subscriber.get('subscriberId') as unknown;
    if (typeof subscriberId !== 'string' || subscriberId === '') return true;
    const { code, fresh } = await referralCodeIn(transaction, db, subscriber.get('referralCode'));
    if (!spendMailBudget(transaction, budget, ceilings.mailboxMailsPerDay)) return true;
    if (fresh) {
      claimReferralCode(transaction, db, code, email);
      transaction.update(subscriber.ref, { referralCode: code });
      if (signup.exists) transaction.update(signup.ref, signupChange({ referralCode: code }));
    }
    transaction.create(
      db.collection(COLLECTIONS.mail).doc(),
      statusLinkMail(email, subscriberId, code, context, copy),
    );
    queued = true;
    return true;
  });
  return queued;
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
