import { describe, expect, it } from 'vitest';
import { ACCEPTED_ADDRESSES, REFUSED_ADDRESSES } from './email-grammar.cases';
import { INVALID_EMAIL, RESET_IDENTIFIER_REQUIRED } from './messages';
import { requestPasswordResetSchema } from './staff-api';

const refusal = (identifier: unknown) => {
  const result = requestPasswordResetSchema.safeParse({ identifier });
  return result.success ? null : result.error.issues[0]?.message;
};

describe('requestPasswordResetSchema: a username, or one address of the grammar', () => {
  it.each(['otto', 'ana.silva', ...ACCEPTED_ADDRESSES.map(({ input }) => input)])(
    'accepts %j',
    (identifier) => {
      expect(refusal(identifier)).toBeNull();
    },
  );

  it.each(REFUSED_ADDRESSES.map(({ input }) => input).filter((input) => input.includes('@')))(
    'refuses the e-mail %j',
    (identifier) => expect(refusal(identifier)).toBe(INVALID_EMAIL),
  );

  it('asks for an identifier when there is none', () => {
    expect(refusal('  ')).toBe(RESET_IDENTIFIER_REQUIRED);
  });
});
