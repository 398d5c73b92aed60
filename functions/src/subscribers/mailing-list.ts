// The mailing-list side of a signup, shared by /api/subscribe and /api/join: both count against the
// same per-address and per-e-mail limits (declared in api-routes: one signup is one count, whichever
// path it takes), and both store subscribers/{email} once (a repeat keeps the first
// subscription date), record the consent on the signup (the first: a repeat keeps it) and queue the
// confirmation e-mail of a new subscriber: it waits in mail_waiting and enters the mail queue at once
// when the hourly ceiling of confirmation e-mails allows, later otherwise (outbox/mail-waiting.ts). Every subscriber has a referral code,
// made with the entry (or at the next signup of an entry from before codes). A signup of an address on
// the suppression list shows why (its mail is not sent: outbox/delivery.ts). A confirmation counts on its
// mailbox's daily mail budget (outbox/mail-budget.ts): over it, the subscriber is stored and no mail queued.
import { CONSENT_TEXT_VERSION, SIGNUP_SOURCE, type ConsentForm } from '@silk/schema/constants';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { confirmationMail } from './confirmation-mail';
import { readMailConfig, type MailConfig } from '../outbox/mail-config';
import { newWaitingMailRef, releaseWaitingMail, waitingMail } from '../outbox/mail-waiting';
import type { Ceilings } from '../shared/config';
import { logger } from 'firebase-functions/logger';
import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { mailTokenSecret } from '../shared/secrets';
import { subscriberLinks } from './subscriber-links';
import { newSubscriberId, signupRef, subscriberRef } from './subscribers';
import { signupChange } from '../shared/signup-change';
import { firstSignupUpdate } from '../shared/first-signup';
import { claimReferralCode, referralCodeIn } from '../referrals/codes';
import { SIGNUP_NETWORK_FIELD } from '../referrals/signup-network';
import { missingMirror, suppressionRef } from '../suppression/suppression-list';
import { mailBudgetRef, spendMailBudget } from '../outbox/mail-budget';
import { mailCopy } from '../shared/mail-copy-store';

/** What queueing an e-mail to a subscriber needs: where links point and the key that signs them. */
export interface MailContext {
  config: MailConfig;
  secret: string;
}

export const defaultMailContext = (): MailContext => ({
  config: readMailConfig(),
  secret: mailTokenSecret.value(),
});

const givenId = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * In one transaction: subscribers/{email} is created unless it exists (with the signup's subscriberId —
 * the signup trigger gives every new signup one, named by its signup.created — or a random one, and a
 * referral code), the signup, when there is one, gets its first signup time (once), the subscriberId,
 * the referral code and the consent record ({at, form, textVersion}; once: a repeat keeps the first),
 * and a new subscriber's confirmation e-mail is queued if its mailbox's budget allows. A repeat signup
 * queues nothing, also when the address has unsubscribed (only its own link re-subscribes it). Returns
 * the subscriber's referral code.
 */
export interface MailingListEntry {
  /** The form the consent was given on (the consent record's `form`). */
  form: ConsentForm;
  ceilings: Ceilings;
  /** Where links point and the key that signs them (the deployment's by default). */
  mailContext?: () => MailContext;
  /** The network the server observed for the request (referrals/signup-network.ts), when trusted. */
  network?: string | null;
}

export async function addToMailingList(
  db: Firestore,
  email: string,
  { form, ceilings, mailContext = defaultMailContext, network = null }: MailingListEntry,
): Promise<string> {
  const { config, secret } = mailContext();
  const copy = await mailCopy(db, 'confirmation');
  const freshId = newSubscriberId();
  const { waiting, referralCode } = await db.runTransaction(async (transaction) => {
    let queued: DocumentReference | null = null;
    // One round trip for the four: a short transaction holds its locks briefly (launch-day floods). The
    // budget is read for a listed address too, so a repeat signup costs what a new one does.
    const [subscriber, signup, suppression, budget] = (await transaction.getAll(
      subscriberRef(db, email),
      signupRef(db, email),
      suppressionRef(db, email),
      mailBudgetRef(db, secret, email),
    )) as [DocumentSnapshot, DocumentSnapshot, DocumentSnapshot, DocumentSnapshot];
    const { code, fresh } = await referralCodeIn(transaction, db, subscriber.get('referralCode'));
    const ownId = givenId(subscriber.get('subscriberId'));
    const subscriberId = ownId ?? givenId(signup.get('subscriberId')) ?? freshId;
    if (fresh) claimReferralCode(transaction, db, code, email);
    // The network the server observed at the first request that brought one (set once, never moved).
    const observed =
      network !== null && subscriber.get(SIGNUP_NETWORK_FIELD) === undefined
        ? { [SIGNUP_NETWORK_FIELD]: network }
        : {};
    if (!subscriber.exists) {
      transaction.create(subscriber.ref, {
        email,
        subscribedAt: FieldValue.serverTimestamp(),
        source: SIGNUP_SOURCE,
        subscriberId,
        referralCode: code,
        ...observed,
      });
      if (spendMailBudget(transaction, budget, ceilings.mailboxMailsPerDay)) {
        const links = subscriberLinks(config.siteOrigin, secret, subscriberId, code);
        queued = newWaitingMailRef(db);
        transaction.create(queued, waitingMail(confirmationMail(email, links, copy)));
      }
    } else if (ownId === null || fresh) {
      // An entry from before subscriber ids or referral codes.
      transaction.update(subscriber.ref, { subscriberId, referralCode: code, ...observed });
    } else if (Object.keys(observed).length > 0) {
      transaction.update(subscriber.ref, observed);
    }
    const signupUpdate = signup.exists
      ? {
          ...firstSignupUpdate(signup),
          ...(signup.get('subscriberId') === subscriberId ? {} : { subscriberId }),
          ...(signup.get('referralCode') === code ? {} : { referralCode: code }),
          ...(signup.get('consent') === undefined
            ? { consent: { at: FieldValue.serverTimestamp(), form, textVersion: CONSENT_TEXT_VERSION } }
            : {}),
          ...missingMirror(suppression, signup),
        }
      : {};
    // A repeat signup that changes nothing writes nothing (no change for the panels' feeds to carry).
    if (Object.keys(signupUpdate).length > 0) transaction.update(signup.ref, signupChange(signupUpdate));
    return { waiting: queued, referralCode: code };
  });
  if (!waiting) return referralCode;
  try {
    await releaseWaitingMail(db, waiting, ceilings);
  } catch (error) {
    // It stays waiting: the redrive's schedule releases it.
    logger.warn('addToMailingList: confirmation left waiting', { error: String(error) });
  }
  return referralCode;
}
