// POST /api/broadcasts/test (broadcastTest, admin host) {subject, markdown}, Bearer ID token: the message
// rendered as the list gets it, queued (outbox) to the calling Admin's own address and nobody else's.
// Its footer's links are signed for no subscriber: they show that the link is not valid. Audited as
// broadcast.tested.
//   200 {ok, message} · 400 · 401 · 403 not a ready Admin · 429
import { COLLECTIONS } from '@silk/schema/constants';
import { BROADCAST_TEST_SENT } from '@silk/schema/messages';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import type { QueuedMail } from '../outbox/mail-queue';
import { defaultMailContext, type MailContext } from '../subscribers/mailing-list';
import { listUnsubscribeHeaders, subscriberLinks } from '../subscribers/subscriber-links';
import { renderMarkdown } from './markdown';
import { broadcastEmail } from './templates/broadcast';
import { mailCopy } from '../shared/mail-copy-store';

export const TEST_SUBJECT_PREFIX = '[Test] ';
/** The subscriber id the test's footer links are signed for: no subscriber has it. */
const NO_SUBSCRIBER = 'broadcast-test';

export function makeBroadcastTestHandler(
  deps: Partial<EndpointDeps> = {},
  mailContext: () => MailContext = defaultMailContext,
) {
  return endpoint(
    'broadcastTest',
    async ({ services: { db }, body: { subject, markdown }, caller, audit }) => {
      const { config, secret } = mailContext();
      const links = subscriberLinks(config.siteOrigin, secret, NO_SUBSCRIBER, '');
      const mail = broadcastEmail(
        `${TEST_SUBJECT_PREFIX}${subject}`,
        await renderMarkdown(markdown),
        links,
        await mailCopy(db, 'broadcastFooter'),
      );
      const queued: QueuedMail = { to: caller.email, message: mail, headers: listUnsubscribeHeaders(links) };
      const ref = await db.collection(COLLECTIONS.mail).add(queued);
      await audit({ action: 'broadcast.tested', target: `mail/${ref.id}`, details: { subject } });
      return { ok: true, message: BROADCAST_TEST_SENT };
    },
    deps,
  );
}
