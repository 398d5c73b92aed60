// A recipient the SMTP server refuses for good, through the deployed sender (the Functions emulator's
// sendMail and its nodemailer transport): MailDev cannot refuse a recipient, so for the first mail a
// real SMTP server that answers 550 to one address takes MailDev's port. The address is suppressed and
// the mail not tried again; afterwards no mail of any kind goes to it (its status link, any queued mail,
// an invitation: the wave does not choose it), while MailDev, back, receives the other address's mail.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  mailDevPorts,
  mailDevUrl,
  readMailDevMessages,
  startMailDev,
  stopMailDev,
  waitForMailTo,
} from '@silk/stack/maildev';
import { Timestamp, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { createStaff, functionUrl, post, unique, type TestStaff } from '../../test-support/emulator';
import { deliveryState, mailDocsTo, queuedMailTo, signUpOnSite, waitForDoc } from '../../test-support/mail';
import { MAILBOX_UNAVAILABLE, startRefusingSmtp, type RefusingSmtp } from '../../test-support/refusing-smtp';
import { redriveMail } from './mail-redrive';

const { db } = adminServices();
const settled = (data: DocumentData | undefined) =>
  ['SUCCESS', 'ERROR', 'SUPPRESSED'].includes(deliveryState(data) as string);
const MESSAGE = { subject: 'Later news', text: 'Plain part.', html: '<p>HTML part.</p>' };
let admin: TestStaff;

beforeAll(async () => {
  admin = await createStaff(['Admin']);
});

afterAll(async () => {
  const running = await fetch(`${mailDevUrl()}/healthz`).then(
    (response) => response.ok,
    () => false,
  );
  if (!running) await startMailDev(undefined, { keepMail: true });
});

/** The first queue document to `email` other than those of `known` ids, once there is one. */
async function nextMailTo(email: string, known: string[]): Promise<DocumentReference> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const fresh = (await mailDocsTo(email)).find((doc) => !known.includes(doc.id));
    if (fresh) return fresh.ref;
    if (Date.now() > deadline) throw new Error(`No new mail queued to ${email}.`);
    await sleep(100);
  }
}

async function mailTo(address: string): Promise<number> {
  return (await readMailDevMessages()).filter((mail) => mail.to.some((to) => to.address === address)).length;
}

describe('a recipient refused with 550', () => {
  it('is suppressed, its mail is not tried again, and no later mail of any kind goes to it', async () => {
    const tag = unique('refused');
    const refused = `${tag}-gone@functions.test`;
    const other = `${tag}-fine@functions.test`;
    let smtp: RefusingSmtp | undefined;
    let failed: DocumentData | undefined;
    await stopMailDev();
    try {
      smtp = await startRefusingSmtp({
        port: mailDevPorts().smtp,
        refuse: { [refused]: MAILBOX_UNAVAILABLE },
      });
      await signUpOnSite(refused);
      failed = await waitForDoc(await queuedMailTo(refused), settled);
      // Asked once: a 5xx is final (the emulator would otherwise try twice in the run, MAIL_SEND_TRIES=2).
      expect(smtp.rcptTo.filter((address) => address === refused)).toEqual([refused]);
    } finally {
      await smtp?.close();
      await startMailDev(undefined, { keepMail: true });
    }
    expect(failed?.delivery).toMatchObject({ state: 'ERROR', attempts: 1 });
    expect(failed?.delivery.error).toMatch(/550 5\.1\.1/);
    expect(failed?.delivery.nextAttemptAt).toBeUndefined();

    const entry = (await db.collection(COLLECTIONS.suppressions).doc(refused).get()).data();
    expect(entry).toEqual({
      email: refused,
      reason: 'bounce',
      source: 'smtp',
      detail: expect.stringMatching(/^550 5\.1\.1 /),
      at: expect.any(Number),
    });
    const signup = (await db.collection(COLLECTIONS.waitlistSignups).doc(refused).get()).data();
    expect(signup).toMatchObject({ suppressedReason: 'bounce', suppressedAt: entry?.at });

    // Not tried again: the redrive has nothing of it to take up.
    await redriveMail(db);
    const confirmation = await queuedMailTo(refused);
    expect((await confirmation.get()).get('delivery')).toMatchObject({ state: 'ERROR', attempts: 1 });

    // Its status link: queued as for anyone on the list, not sent.
    expect(await post(await functionUrl('statusLink'), { email: refused })).toMatchObject({ status: 200 });
    const statusMail = await nextMailTo(refused, [confirmation.id]);
    expect((await waitForDoc(statusMail, settled))?.delivery).toMatchObject({
      state: 'SUPPRESSED',
      attempts: 0,
      suppressed: [{ address: refused, reason: 'bounce' }],
    });

    // Any mail queued to it, and a mail to it and another address: only the other gets it.
    const later = db.collection(COLLECTIONS.mail).doc();
    await later.set({ to: refused, message: MESSAGE, headers: {} });
    expect((await waitForDoc(later, settled))?.delivery).toMatchObject({ state: 'SUPPRESSED', attempts: 0 });
    const both = db.collection(COLLECTIONS.mail).doc();
    await both.set({ to: [refused, other], message: MESSAGE, headers: {} });
    expect((await waitForDoc(both, settled))?.delivery).toMatchObject({
      state: 'SUCCESS',
      info: { accepted: [other] },
      suppressed: [{ address: refused, reason: 'bounce' }],
    });
    await waitForMailTo(other);

    // An invitation: a wave does not choose it (the other address, waiting and confirmed, is chosen).
    for (const email of [refused, other]) {
      await db
        .collection(COLLECTIONS.subscribers)
        .doc(email)
        .set({ subscriberId: unique('sub'), referralCode: 'abcd2345' }, { merge: true });
      await db
        .collection(COLLECTIONS.waitlistSignups)
        .doc(email)
        .set({ email, timestamp: Timestamp.now(), confirmedAt: Timestamp.now() }, { merge: true });
    }
    const preview = await post(
      await functionUrl('inviteWave'),
      {
        target: { kind: 'view', query: new URLSearchParams({ q: tag }).toString() },
        preview: true,
        requestId: unique('req'),
      },
      { headers: { Authorization: `Bearer ${admin.idToken}` } },
    );
    expect(preview).toMatchObject({ status: 200, body: { ok: true, preview: { count: 1, first: [other] } } });

    expect(await mailTo(refused)).toBe(0);
  });
});
