// Keyed hashes of personal values the server must recognise again without keeping them: an address in
// the audit trail, a mailbox whose referral credit was given, an erased mailbox, a client network. An
// HMAC-SHA256 under a key derived from the server's MAIL_TOKEN_SECRET, one key per purpose, so someone
// holding the records and a list of addresses cannot test them, and a hash made for one purpose matches
// nothing made for another.
import { createHmac } from 'node:crypto';

export type HashPurpose = 'audit' | 'referral-credit' | 'erased-mailbox' | 'network' | 'mail-budget';

/** The hash of `value` for `purpose` under `secret` (64 hex characters). */
export function keyedHash(secret: string, purpose: HashPurpose, value: string): string {
  if (!secret) throw new Error('keyedHash needs the server secret (MAIL_TOKEN_SECRET).');
  const purposeKey = createHmac('sha256', secret).update(`silk keyed hash: ${purpose}`).digest();
  return createHmac('sha256', purposeKey).update(value).digest('hex');
}
