import { ACCEPTED_ADDRESSES, REFUSED_ADDRESSES } from '@silk/schema/email-grammar-cases';
import { describe, expect, it } from 'vitest';
import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { awaitSendSlot, mailOptions, retryDelayMs, type DeliveryDeps } from './delivery';
import { isTransientFailure } from './smtp';

const FROM = 'Silk <hello@silk.travel>';
const MESSAGE = { subject: 'Hi', text: 'plain', html: '<p>html</p>' };

describe('mailOptions', () => {
  it('turns a queue document into an SMTP message from the configured sender', () => {
    const headers = { 'List-Unsubscribe': '<https://silk.travel/api/unsubscribe?token=t>' };
    expect(mailOptions({ to: 'ana@example.com', message: MESSAGE, headers }, FROM)).toEqual({
      from: FROM,
      to: [{ name: '', address: 'ana@example.com' }],
      subject: 'Hi',
      text: 'plain',
      html: '<p>html</p>',
      headers,
    });
  });

  it("takes the extension contract's from, replyTo and a list of recipients", () => {
    const options = mailOptions(
      {
        to: ['a@example.com', 'b@example.com'],
        from: 'Team <team@silk.travel>',
        replyTo: 'r@silk.travel',
        message: MESSAGE,
      },
      FROM,
    );
    expect(options).toMatchObject({
      from: 'Team <team@silk.travel>',
      replyTo: 'r@silk.travel',
      to: [
        { name: '', address: 'a@example.com' },
        { name: '', address: 'b@example.com' },
      ],
    });
  });

  it('hands nodemailer each recipient as a structured address, never a string it would parse', () => {
    expect(mailOptions({ to: [{ address: ' Ana@Example.com ' }], message: MESSAGE }, FROM).to).toEqual([
      { name: '', address: 'ana@example.com' },
    ]);
  });

  it.each(REFUSED_ADDRESSES.filter(({ input }) => input.trim() !== ''))(
    'refuses the recipient $input ($why)',
    ({ input }) => {
      expect(() => mailOptions({ to: input, message: MESSAGE }, FROM)).toThrow('not a plain e-mail address');
    },
  );

  it.each(ACCEPTED_ADDRESSES)('sends to $input as $address', ({ input, address }) => {
    expect(mailOptions({ to: input, message: MESSAGE }, FROM).to).toEqual([{ name: '', address }]);
  });

  it.each([
    ['no recipient', { message: MESSAGE }],
    ['an empty recipient', { to: '', message: MESSAGE }],
    ['no subject', { to: 'a@example.com', message: { text: 'x' } }],
    ['no body', { to: 'a@example.com', message: { subject: 'x' } }],
  ])('refuses a document with %s', (_label, data) => {
    expect(() => mailOptions(data, FROM)).toThrow();
  });
});

describe('retryDelayMs', () => {
  const config = { sendTries: 3, retryBaseMs: 60_000, retryMaxMs: 3_600_000 };

  it('doubles with each failed run (a run is sendTries attempts) up to the cap', () => {
    expect(retryDelayMs(3, config)).toBe(60_000);
    expect(retryDelayMs(6, config)).toBe(120_000);
    expect(retryDelayMs(9, config)).toBe(240_000);
    expect(retryDelayMs(1, config)).toBe(60_000); // a run cut short by a final error counts as one
    expect(retryDelayMs(300, config)).toBe(3_600_000);
  });
});

describe('isTransientFailure', () => {
  it.each([
    ['the server unreachable', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' })],
    ['a timeout', Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' })],
    ['a 421 "service not available"', Object.assign(new Error('421'), { responseCode: 421 })],
    ['a 451 local error', Object.assign(new Error('451'), { responseCode: 451, code: 'EENVELOPE' })],
    [
      'refused credentials (fixed by the operator)',
      Object.assign(new Error('535'), { responseCode: 535, code: 'EAUTH' }),
    ],
  ])('tries again after %s', (_label, error) => {
    expect(isTransientFailure(error)).toBe(true);
  });

  it.each([
    ['a 550 mailbox unavailable', Object.assign(new Error('550'), { responseCode: 550, code: 'EENVELOPE' })],
    ['a 554 message refused', Object.assign(new Error('554'), { responseCode: 554, code: 'EMESSAGE' })],
  ])('gives up after %s', (_label, error) => {
    expect(isTransientFailure(error)).toBe(false);
  });
});

describe('awaitSendSlot', () => {
  const config = { slotWaitMs: 75_000, slotLeadMs: 70_000 } as DeliveryDeps['config'];
  const stubRef = () => {
    const updates: unknown[] = [];
    return {
      ref: { update: async (data: unknown) => void updates.push(data) } as unknown as DocumentReference,
      updates,
    };
  };

  it('sends a mail without a slot, or at its slot, at once', async () => {
    const { ref } = stubRef();
    const deps = {
      config,
      now: () => 1_000,
      sleep: async () => expect.unreachable(),
    } as unknown as DeliveryDeps;
    expect(await awaitSendSlot(ref, {}, deps)).toBe(true);
    expect(await awaitSendSlot(ref, { sendAt: 1_000 }, deps)).toBe(true);
  });

  it('waits for a near slot, never sending before it', async () => {
    const { ref, updates } = stubRef();
    const waits: number[] = [];
    const deps = {
      config,
      now: () => 1_000,
      sleep: async (ms: number) => void waits.push(ms),
    } as unknown as DeliveryDeps;
    expect(await awaitSendSlot(ref, { sendAt: 31_000 }, deps)).toBe(true);
    expect(waits).toEqual([30_000]);
    expect(updates).toEqual([]);
  });

  it('hands a far slot back (PENDING), to be woken by the redrive before it', async () => {
    const { ref, updates } = stubRef();
    const deps = { config, now: () => 0, sleep: async () => expect.unreachable() } as unknown as DeliveryDeps;
    expect(await awaitSendSlot(ref, { sendAt: 600_000 }, deps)).toBe(false);
    expect(updates).toEqual([
      {
        'delivery.state': 'PENDING',
        'delivery.nextAttemptAt': Timestamp.fromMillis(530_000),
        'delivery.leaseExpireTime': FieldValue.delete(),
      },
    ]);
  });
});
