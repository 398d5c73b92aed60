import { describe, expect, it } from 'vitest';
import {
  createTeamMemberRequestSchema,
  exportWaitlistRequestSchema,
  subscribeRequestSchema,
  waitlistUpdateRequestSchema,
} from './api';
import {
  BOT_CHECK_MISSING_TOKEN,
  INVALID_EMAIL,
  INVALID_ROLES,
  INVALID_USERNAME,
  PASSWORD_POLICY,
  TEAM_FIELDS_REQUIRED,
} from './messages';

/** The message a function answers with: the first problem's. */
function refusal(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('subscribeRequestSchema', () => {
  it('normalises a valid e-mail', () => {
    expect(subscribeRequestSchema.parse({ email: '  Ana@Example.COM ' })).toEqual({
      email: 'ana@example.com',
    });
  });

  it.each([{}, { email: 3 }, { email: '' }, { email: 'ana@example' }, { email: 'a/b@example.com' }])(
    'refuses %j with the landing message',
    (body) => {
      expect(refusal(subscribeRequestSchema.safeParse(body))).toBe(INVALID_EMAIL);
    },
  );
});

describe('waitlistUpdateRequestSchema', () => {
  it('trims the token and normalises the e-mail', () => {
    expect(waitlistUpdateRequestSchema.parse({ email: 'A@b.co', recaptcha_token: ' t ' })).toEqual({
      email: 'a@b.co',
      recaptcha_token: 't',
    });
  });

  it('checks the e-mail before the token', () => {
    expect(refusal(waitlistUpdateRequestSchema.safeParse({ email: 'bad' }))).toBe(INVALID_EMAIL);
  });

  it.each([undefined, 7, '   ', 'x'.repeat(4097)])('refuses the token %j', (token) => {
    expect(refusal(waitlistUpdateRequestSchema.safeParse({ email: 'a@b.co', recaptcha_token: token }))).toBe(
      BOT_CHECK_MISSING_TOKEN,
    );
  });

  it('accepts a token of 4096 characters', () => {
    expect(
      waitlistUpdateRequestSchema.safeParse({ email: 'a@b.co', recaptcha_token: 'x'.repeat(4096) }).success,
    ).toBe(true);
  });
});

describe('createTeamMemberRequestSchema', () => {
  const member = {
    email: ' Ana@B.co ',
    username: ' ana ',
    password: ' Tr4vel!Plans ',
    roles: ['Staff', 'Admin', 'Staff'],
  };

  it('trims and normalises the fields and de-duplicates the roles', () => {
    expect(createTeamMemberRequestSchema.parse({ ...member, token: 'id-token' })).toEqual({
      email: 'ana@b.co',
      username: 'ana',
      password: 'Tr4vel!Plans',
      roles: ['Staff', 'Admin'],
    });
  });

  it('reads missing roles and an empty password as none', () => {
    expect(
      createTeamMemberRequestSchema.parse({ email: 'a@b.co', username: 'ana', password: '  ' }),
    ).toMatchObject({
      password: '',
      roles: [],
    });
    expect(createTeamMemberRequestSchema.parse({ ...member, roles: null }).roles).toEqual([]);
  });

  it.each([
    [{ ...member, email: '' }, TEAM_FIELDS_REQUIRED],
    [{ username: 'ana' }, TEAM_FIELDS_REQUIRED],
    [{ email: 'a@b.co' }, TEAM_FIELDS_REQUIRED],
    [{ ...member, username: 7 }, TEAM_FIELDS_REQUIRED],
    [{ ...member, email: 'bad', username: '', password: 'weak', roles: ['Root'] }, TEAM_FIELDS_REQUIRED],
    [{ ...member, email: 'bad', password: 'weak', username: 'a', roles: 'Admin' }, INVALID_EMAIL],
    [{ ...member, password: 'weak', username: 'a', roles: ['Root'] }, PASSWORD_POLICY],
    [{ ...member, username: 'a@b', roles: ['Root'] }, INVALID_USERNAME],
    [{ ...member, roles: ['Root'] }, INVALID_ROLES],
    [{ ...member, roles: 'Admin' }, INVALID_ROLES],
  ])('refuses %j with the first message of the form order', (body, message) => {
    expect(refusal(createTeamMemberRequestSchema.safeParse(body))).toBe(message);
  });
});

describe('exportWaitlistRequestSchema: timeZone', () => {
  it.each(['Europe/Berlin', 'America/New_York', 'UTC', 'Europe/Kyiv'])(
    'keeps the zone %j as sent',
    (timeZone) => {
      expect(exportWaitlistRequestSchema.parse({ token: 't', timeZone }).timeZone).toBe(timeZone);
    },
  );

  it.each([undefined, '', 'Mars/Olympus_Mons', 'Europe/Berlin<script>', 42, { zone: 'UTC' }])(
    'leaves out %j (the sheet is then in UTC) without refusing the export',
    (timeZone) => {
      const result = exportWaitlistRequestSchema.safeParse({ token: 't', timeZone });
      expect(result.success).toBe(true);
      expect(result.data?.timeZone).toBeUndefined();
    },
  );
});
