import { describe, expect, it } from 'vitest';
import * as c from './constants';
import { ROLES, canManageTeam, formatRoles, isRole } from './roles';

describe('the product constants (PRODUCT.md#constants)', () => {
  it('has the timing constants', () => {
    expect(c.STAFF_FETCH_MAX_RETRIES).toBe(3);
    expect(c.STAFF_FETCH_BACKOFF_MS).toBe(500);
    expect(c.WAITLIST_RETRY_MS).toBe(1000);
    expect(c.POST_LOGIN_LOAD_DELAY_MS).toBe(200);
    expect(c.LOOKUP_RESULT_LIMIT).toBe(1);
  });

  it('has the counts', () => {
    expect(c.ROLE_COUNT).toBe(15);
    expect(c.PASSWORD_MIN_LENGTH).toBe(8);
  });

  it('has the names', () => {
    expect(c.SESSION_EMAIL_KEY).toBe('waitlist_email');
    expect(c.SIGNUP_SOURCE).toBe('Homepage Hero');
    expect(c.COLLECTIONS.waitlistSignups).toBe('waitlist_signups');
    expect(c.COLLECTIONS.staff).toBe('staff');
    expect(c.COLLECTIONS.usernameMappings).toBe('username_mappings');
    expect(c.ADMIN_PAGE_TITLE).toBe('Admin Panel');
    expect(c.WAITLIST_PAGE_TITLE).toBe('Waitlist Confirmation');
    expect(c.NOT_AVAILABLE).toBe('N/A');
    expect(c.UNKNOWN_USER).toBe('Unknown User');
    expect(c.RECAPTCHA_ACTION).toBe('waitlist_update');
    expect(c.LOOKUP_TIMEOUT_MS).toBeLessThanOrEqual(2000);
  });
});

describe('roles', () => {
  it('lists the 15 roles in SPEC order', () => {
    // As PRODUCT.md#roles writes them: one sentence, in order.
    expect(ROLES.join(', ')).toBe(
      'Admin, Chairman of the Board, Board Member, Director, Chief Executive Officer, Chief Operating Officer, ' +
        'Chief Financial Officer, Chief Technology Officer, Chief Marketing Officer, ' +
        'President of Information Technology, President of Financials, Developer, Company Secretary, ' +
        'Community Moderator, Staff',
    );
    expect(ROLES).toHaveLength(c.ROLE_COUNT);
  });

  it('recognises roles exactly (case-sensitive, no unknown names)', () => {
    expect(isRole('Admin')).toBe(true);
    expect(isRole('admin')).toBe(false);
    expect(isRole('Root')).toBe(false);
    expect(isRole(7)).toBe(false);
  });

  it('lets only Admins manage the team', () => {
    expect(canManageTeam(['Staff', 'Admin'])).toBe(true);
    expect(canManageTeam(['Staff'])).toBe(false);
    expect(canManageTeam([])).toBe(false);
    expect(canManageTeam(undefined)).toBe(false);
    expect(canManageTeam(['admin'])).toBe(false);
  });

  it('joins roles with commas', () => {
    expect(formatRoles(['Admin', 'Developer'])).toBe('Admin, Developer');
    expect(formatRoles([])).toBe('');
  });
});
