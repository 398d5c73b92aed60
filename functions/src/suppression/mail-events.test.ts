// What each mail event asks for, in both formats: a complaint or a permanent bounce suppresses its
// addresses (normalised), a transient or undetermined bounce nobody; an address that is not one is refused.
import { mailEventRequestSchema } from '@silk/schema/mail-events-api';
import { MAIL_EVENT_INVALID } from '@silk/schema/messages';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http';
import { mailEventEffect } from './mail-events';

const parse = (body: unknown) => mailEventRequestSchema.parse(body);

function resendBounce(type: string | undefined, to = ['Ana@Example.com']) {
  return parse({
    type: 'email.bounced',
    created_at: '2026-11-20T10:00:00.000Z',
    data: {
      email_id: '56761188-7520-42d8-8898-ff6fc54ce618',
      to,
      ...(type === undefined
        ? {}
        : { bounce: { type, subType: 'General', message: "The recipient's mailbox is unavailable." } }),
    },
  });
}

describe('mailEventEffect', () => {
  it.each([
    ['bounce', 'bounce'],
    ['complaint', 'complaint'],
  ] as const)('Silk %s: suppresses the address for %s', (type, reason) => {
    expect(
      mailEventEffect(parse({ type, email: ' Ana@Example.com ', reason: '550 5.1.1 no such user' })),
    ).toEqual({
      format: 'silk',
      type,
      addresses: ['ana@example.com'],
      suppression: { reason, detail: '550 5.1.1 no such user', source: 'mail-event' },
    });
  });

  it('Resend email.bounced, Permanent: suppresses every recipient as a bounce', () => {
    expect(mailEventEffect(resendBounce('Permanent', ['Ana@Example.com', 'bo@example.com']))).toEqual({
      format: 'resend',
      type: 'email.bounced',
      addresses: ['ana@example.com', 'bo@example.com'],
      suppression: {
        reason: 'bounce',
        detail: "Resend: email.bounced — Permanent/General — The recipient's mailbox is unavailable.",
        source: 'mail-event',
      },
    });
  });

  it.each([['Transient'], ['Undetermined'], [undefined]])(
    'Resend email.bounced, %s: suppresses nobody',
    (type) => {
      expect(mailEventEffect(resendBounce(type)).addresses).toEqual([]);
    },
  );

  it('Resend email.complained: suppresses the recipient as a complaint', () => {
    const event = parse({
      type: 'email.complained',
      created_at: '2026-11-20T10:00:00.000Z',
      data: { to: ['ana@example.com'] },
    });
    expect(mailEventEffect(event)).toMatchObject({
      format: 'resend',
      addresses: ['ana@example.com'],
      suppression: { reason: 'complaint' },
    });
  });

  it.each([
    ['Silk', { type: 'bounce', email: 'Ana <ana@example.com>' }],
    [
      'Resend',
      { type: 'email.complained', created_at: 'x', data: { to: ['ana@example.com', 'not an address'] } },
    ],
  ])('%s: refuses an event naming something that is not a plain address (400)', (_format, body) => {
    const refused = (() => {
      try {
        mailEventEffect(parse(body));
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 400, message: MAIL_EVENT_INVALID });
  });

  it('the schema refuses other event types and shapes', () => {
    for (const body of [
      { type: 'email.delivered', created_at: 'x', data: { to: ['ana@example.com'] } },
      { type: 'unsubscribe', email: 'ana@example.com' },
      { email: 'ana@example.com' },
    ]) {
      expect(mailEventRequestSchema.safeParse(body).success).toBe(false);
    }
  });
});
