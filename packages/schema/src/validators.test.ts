import { describe, expect, it } from 'vitest';
import { ACCEPTED_ADDRESSES, REFUSED_ADDRESSES } from './email-grammar.cases';
import {
  EMAIL_ADDRESS_PATTERN,
  isStrongPassword,
  isValidEmailAddress,
  isUsernameIdentifier,
  isValidSignupEmail,
  isValidTeamEmail,
  isValidUsername,
  normalizeEmail,
  usernameKey,
} from './validators';

describe('the address grammar (PRODUCT.md#validation), its shared table', () => {
  it.each(ACCEPTED_ADDRESSES)('accepts $input as $address', ({ input, address }) => {
    expect(isValidEmailAddress(input)).toBe(true);
    expect(isValidSignupEmail(input)).toBe(true);
    expect(isValidTeamEmail(input)).toBe(true);
    expect(normalizeEmail(input)).toBe(address);
    expect(new RegExp(EMAIL_ADDRESS_PATTERN, 'u').test(address)).toBe(true);
  });

  it.each(REFUSED_ADDRESSES)('refuses $input ($why)', ({ input }) => {
    expect(isValidEmailAddress(input)).toBe(false);
    expect(isValidSignupEmail(input)).toBe(false);
    expect(isValidTeamEmail(input)).toBe(false);
  });

  it.each([undefined, null, 42, {}, ['a@b.co']])('refuses the non-string %j', (value) =>
    expect(isValidSignupEmail(value)).toBe(false),
  );

  it('accepts exactly 254 characters and refuses 255', () => {
    const at254 = `${'a'.repeat(242)}@example.com`;
    expect(at254).toHaveLength(254);
    expect(isValidSignupEmail(at254)).toBe(true);
    expect(isValidSignupEmail(`a${at254}`)).toBe(false);
  });

  it('writes its pattern without a quote, so firestore.rules can hold it as it is', () => {
    expect(EMAIL_ADDRESS_PATTERN).not.toMatch(/['"]/);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ana@Example.COM \n')).toBe('ana@example.com');
    expect(normalizeEmail('ÉLODIE@exemple.fr')).toBe('élodie@exemple.fr');
    expect(normalizeEmail('')).toBe('');
  });
});

describe('isValidTeamEmail (the same grammar)', () => {
  it('accepts an address', () => {
    expect(isValidTeamEmail('ops@silk.travel')).toBe(true);
  });
  it.each(['ops.silk.travel', '', 'a b@c.d', 'a/b@c.d', 'n1<ops@silk.travel>', 42])('refuses %j', (value) =>
    expect(isValidTeamEmail(value)).toBe(false),
  );
});

describe('isStrongPassword', () => {
  it.each(['Abcdef1!', 'S3cure#Passw0rd', 'Ünïcode9$x'])('accepts %j', (value) =>
    expect(isStrongPassword(value)).toBe(true),
  );
  it.each([
    ['too short', 'Ab1!xyz'],
    ['no uppercase', 'abcdef1!'],
    ['no lowercase', 'ABCDEF1!'],
    ['no digit', 'Abcdefg!'],
    ['no special', 'Abcdefg1'],
    ['empty', ''],
    ['only spaces as special', 'Abcdef1 '],
  ])('refuses a password with %s', (_why, value) => expect(isStrongPassword(value)).toBe(false));
  it('refuses non-strings', () => {
    expect(isStrongPassword(undefined)).toBe(false);
    expect(isStrongPassword(12345678)).toBe(false);
  });
  it('accepts a very long password', () => {
    expect(isStrongPassword(`Aa1!${'x'.repeat(500)}`)).toBe(true);
  });
});

describe('usernames', () => {
  it.each(['ana', 'ana.silva', 'ops_team-2', 'A'.repeat(32)])('accepts %j', (value) =>
    expect(isValidUsername(value)).toBe(true),
  );
  it.each(['', 'ab', 'a'.repeat(33), 'ana@silk', 'ana silva', 'ana/x', 'josé', 7])('refuses %j', (value) =>
    expect(isValidUsername(value)).toBe(false),
  );
  it('keys usernames case-insensitively', () => {
    expect(usernameKey(' Ana.Silva ')).toBe('ana.silva');
  });
  it('treats an identifier without @ as a username', () => {
    expect(isUsernameIdentifier('ana')).toBe(true);
    expect(isUsernameIdentifier('ana@silk.travel')).toBe(false);
  });
});
