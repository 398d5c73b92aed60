// Which recipients a receiving server refused for good, read from nodemailer's own answers (the transport
// delivery.ts uses) against a real SMTP server: a 5xx to RCPT TO or to the message is the recipients',
// a 4xx is transient, a 5xx to MAIL FROM is our sender's.
import type { SendMailOptions } from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAILBOX_UNAVAILABLE,
  startRefusingSmtp,
  TRY_LATER,
  type RefusingSmtp,
} from '../../test-support/refusing-smtp';
import { isTransientFailure, permanentRefusals, smtpTransport } from './smtp';

const GONE = 'gone@example.com';
const FINE = 'fine@example.com';
const OTHER = 'other@example.com';

let server: RefusingSmtp | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function message(...to: string[]): SendMailOptions {
  return {
    from: 'hello@silk.travel',
    to: to.map((address) => ({ name: '', address })),
    subject: 'Hi',
    text: 'Hello.',
  };
}

async function outcome(options: Parameters<typeof startRefusingSmtp>[0], mail: SendMailOptions) {
  server = await startRefusingSmtp(options);
  const transport = smtpTransport(server.url, { smtpTimeoutMs: 5_000 });
  try {
    return { sent: true as const, result: await transport.sendMail(mail) };
  } catch (error) {
    return { sent: false as const, result: error };
  }
}

describe('permanentRefusals', () => {
  it('names the recipient refused with 550 on RCPT TO, a final failure', async () => {
    const { sent, result } = await outcome({ refuse: { [GONE]: MAILBOX_UNAVAILABLE } }, message(GONE));
    expect(sent).toBe(false);
    expect(isTransientFailure(result)).toBe(false);
    expect(permanentRefusals(result, [GONE])).toEqual([
      { recipients: [GONE], response: expect.stringMatching(/^550 5\.1\.1 /) },
    ]);
  });

  it('names only the refused recipient when the others were sent to', async () => {
    const { sent, result } = await outcome(
      { refuse: { [GONE]: MAILBOX_UNAVAILABLE } },
      message(FINE, GONE, OTHER),
    );
    expect(sent).toBe(true);
    expect(server?.accepted).toEqual([[FINE, OTHER]]);
    expect(permanentRefusals(result, [FINE, GONE, OTHER])).toEqual([
      { recipients: [GONE], response: expect.stringMatching(/^550 /) },
    ]);
  });

  it('names every recipient when the message itself is refused with 5xx', async () => {
    const { sent, result } = await outcome(
      { refuseData: { [GONE]: { code: 554, message: '5.7.1 Message rejected' } } },
      message(GONE),
    );
    expect(sent).toBe(false);
    expect(permanentRefusals(result, [GONE])).toEqual([
      { recipients: [GONE], response: expect.stringMatching(/^554 /) },
    ]);
  });

  it('names nobody for a 4xx answer, which is tried again', async () => {
    const { sent, result } = await outcome({ refuse: { [GONE]: TRY_LATER } }, message(GONE));
    expect(sent).toBe(false);
    expect(isTransientFailure(result)).toBe(true);
    expect(permanentRefusals(result, [GONE])).toEqual([]);
  });

  it('names nobody when the server refuses our sender (MAIL FROM), not the recipient', async () => {
    const { sent, result } = await outcome(
      { refuseSender: { code: 550, message: '5.7.1 Sender not allowed' } },
      message(GONE),
    );
    expect(sent).toBe(false);
    expect(permanentRefusals(result, [GONE])).toEqual([]);
  });

  it('names nobody for a message accepted for everyone', async () => {
    const { sent, result } = await outcome({}, message(FINE));
    expect(sent).toBe(true);
    expect(permanentRefusals(result, [FINE])).toEqual([]);
  });
});
