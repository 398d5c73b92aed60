import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  LINK_LIFETIME_SECONDS,
  LinkTokenError,
  signLinkToken,
  verifyLinkToken,
  type LinkTokenProblem,
} from './link-token';

const SECRET = 'test-secret-with-enough-entropy-0123456789';
const NOW = Date.UTC(2025, 4, 1, 12, 0, 0);
const SUBJECT = 'k3J9x_random-subscriber-id';

function problemOf(action: () => unknown): LinkTokenProblem | null {
  try {
    action();
    return null;
  } catch (error) {
    if (error instanceof LinkTokenError) return error.problem;
    throw error;
  }
}

function tamper(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [body, signature] = token.split('.');
  const payload = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(payload);
  return `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
}

describe('link tokens', () => {
  it('round-trips: purpose, subject and an expiry from the purpose', () => {
    const token = signLinkToken(SECRET, 'unsubscribe', SUBJECT, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyLinkToken(SECRET, token, 'unsubscribe', NOW)).toEqual({
      purpose: 'unsubscribe',
      subject: SUBJECT,
      exp: NOW / 1000 + LINK_LIFETIME_SECONDS.unsubscribe,
    });
  });

  it('carries the subscriber id and nothing else about the person', () => {
    const token = signLinkToken(SECRET, 'confirm', SUBJECT, NOW);
    const payload = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as object;
    expect(Object.keys(payload).sort()).toEqual(['exp', 'purpose', 'subject']);
    expect(token).not.toContain('@');
  });

  it('expires: valid until the second before exp, refused from exp on', () => {
    const token = signLinkToken(SECRET, 'confirm', SUBJECT, NOW);
    const exp = NOW + LINK_LIFETIME_SECONDS.confirm * 1000;
    expect(verifyLinkToken(SECRET, token, 'confirm', exp - 1000).subject).toBe(SUBJECT);
    expect(problemOf(() => verifyLinkToken(SECRET, token, 'confirm', exp))).toBe('expired');
  });

  it('keeps unsubscribe and erase links working far longer than a confirmation', () => {
    expect(LINK_LIFETIME_SECONDS.unsubscribe).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(LINK_LIFETIME_SECONDS.erase).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(LINK_LIFETIME_SECONDS.confirm).toBeLessThan(LINK_LIFETIME_SECONDS.unsubscribe);
  });

  it.each([
    ['confirm', 'unsubscribe'],
    ['confirm', 'erase'],
    ['unsubscribe', 'erase'],
    ['erase', 'confirm'],
  ] as const)('refuses a %s token used to %s', (signedFor, usedFor) => {
    const token = signLinkToken(SECRET, signedFor, SUBJECT, NOW);
    expect(problemOf(() => verifyLinkToken(SECRET, token, usedFor, NOW))).toBe('purpose');
  });

  it('refuses a token whose payload was changed (another subject, purpose or expiry)', () => {
    const token = signLinkToken(SECRET, 'confirm', SUBJECT, NOW);
    const changes: Array<(payload: Record<string, unknown>) => void> = [
      (payload) => (payload.subject = 'someone-else'),
      (payload) => (payload.purpose = 'erase'),
      (payload) => (payload.exp = Number(payload.exp) + 1),
    ];
    for (const change of changes) {
      expect(problemOf(() => verifyLinkToken(SECRET, tamper(token, change), 'confirm', NOW))).toBe(
        'signature',
      );
    }
  });

  it('refuses a changed signature and a token signed with another key', () => {
    const token = signLinkToken(SECRET, 'erase', SUBJECT, NOW);
    const [body, signature] = token.split('.') as [string, string];
    const flipped = `${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(problemOf(() => verifyLinkToken(SECRET, flipped, 'erase', NOW))).toBe('signature');
    expect(problemOf(() => verifyLinkToken(SECRET, `${body}.${signature.slice(0, -2)}`, 'erase', NOW))).toBe(
      'signature',
    );
    const foreign = signLinkToken('another-secret', 'erase', SUBJECT, NOW);
    expect(problemOf(() => verifyLinkToken(SECRET, foreign, 'erase', NOW))).toBe('signature');
  });

  it('refuses a signature whose last character differs only in bits the encoding leaves unused', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const token = signLinkToken(SECRET, 'status', SUBJECT, NOW);
    const last = alphabet.indexOf(token.slice(-1));
    // 32 signature bytes fill 43 characters; the last one's two low bits carry nothing.
    const sameBytes = `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(sameBytes.split('.')[1]!, 'base64url')).toEqual(
      Buffer.from(token.split('.')[1]!, 'base64url'),
    );
    expect(problemOf(() => verifyLinkToken(SECRET, sameBytes, 'status', NOW))).toBe('signature');
  });

  it.each(['', 'no-dot', 'a.b.c', 'white space.sig', '.sig', 'body.', 'é.x'])(
    'refuses %j as malformed',
    (token) => {
      expect(problemOf(() => verifyLinkToken(SECRET, token, 'confirm', NOW))).toBe('malformed');
    },
  );

  it.each([
    ['an empty subject', { purpose: 'confirm', subject: '', exp: NOW / 1000 + 60 }],
    ['an unknown purpose', { purpose: 'delete', subject: SUBJECT, exp: NOW / 1000 + 60 }],
    ['no expiry', { purpose: 'confirm', subject: SUBJECT }],
    ['a list', ['confirm', SUBJECT]],
  ])('refuses a correctly signed body with %s as malformed', (_label, payload) => {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const token = `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`;
    expect(problemOf(() => verifyLinkToken(SECRET, token, 'confirm', NOW))).toBe('malformed');
  });

  it('will not sign or verify without a key', () => {
    expect(() => signLinkToken('', 'confirm', SUBJECT, NOW)).toThrow(/MAIL_TOKEN_SECRET/);
    const token = signLinkToken(SECRET, 'confirm', SUBJECT, NOW);
    expect(() => verifyLinkToken('', token, 'confirm', NOW)).toThrow(/MAIL_TOKEN_SECRET/);
  });
});
