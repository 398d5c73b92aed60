import { describe, expect, it } from 'vitest';
import {
  BOOTSTRAP_CREATOR,
  canActAsAdmin,
  grantsAccess,
  parseStaffRecord,
  staffRecordData,
  storedRoles,
  type NewStaffRecord,
  type StaffRecord,
} from './staff-record';

/** A stored time as either Firestore SDK returns it: an object with toDate(). */
const timestamp = (date: Date) => ({ toDate: () => date, seconds: Math.floor(date.getTime() / 1000) });

const created = new Date('2026-03-01T09:30:00.000Z');
const member: NewStaffRecord = {
  uid: 'uid-ana',
  username: 'ana',
  roles: ['Admin', 'Developer'],
  mustChangePassword: true,
  createdBy: 'ben@silk.travel',
};

const EMPTY: StaffRecord = {
  uid: null,
  username: '',
  roles: [],
  disabled: false,
  mustChangePassword: false,
  createdBy: '',
  createdAt: null,
};

describe('staffRecordData (the writer)', () => {
  it('stores uid, username, roles, mustChangePassword, the given createdAt and createdBy, and nothing else', () => {
    const at = { serverTimestamp: true };
    expect(staffRecordData(member, at)).toStrictEqual({ ...member, createdAt: at });
  });

  it('stores a copy of the roles (an empty list stays a list)', () => {
    const roles: NewStaffRecord['roles'] = ['Staff'];
    const data = staffRecordData({ ...member, roles }, null);
    expect(data.roles).toEqual(['Staff']);
    expect(data.roles).not.toBe(roles);
    expect(staffRecordData({ ...member, roles: [] }, null).roles).toEqual([]);
  });

  it('reads back as written (round trip), the stored time as a Date', () => {
    const data = staffRecordData({ ...member, createdBy: BOOTSTRAP_CREATOR }, timestamp(created));
    expect(parseStaffRecord(data)).toEqual({
      ...member,
      disabled: false,
      createdBy: 'bootstrap',
      createdAt: created,
    });
  });
});

describe('parseStaffRecord (tolerant, as records may be old or hand-made)', () => {
  it('reads a missing document or a non-object as an empty record', () => {
    for (const data of [undefined, null, 'staff', 7, []]) expect(parseStaffRecord(data)).toEqual(EMPTY);
    expect(parseStaffRecord({})).toEqual(EMPTY);
  });

  it('reads fields of the wrong type as missing', () => {
    expect(
      parseStaffRecord({
        uid: 42,
        username: null,
        createdBy: { email: 'x' },
        roles: 'Admin',
        createdAt: '2026-03-01',
      }),
    ).toEqual(EMPTY);
  });

  it('keeps a blank username as stored (the panel shows "Unknown User" for it)', () => {
    expect(parseStaffRecord({ username: '   ' }).username).toBe('   ');
  });

  it('turns the flags on only for exactly true', () => {
    for (const value of ['true', 1, 'yes', null, false]) {
      expect(parseStaffRecord({ disabled: value, mustChangePassword: value })).toMatchObject({
        disabled: false,
        mustChangePassword: false,
      });
    }
    expect(parseStaffRecord({ disabled: true, mustChangePassword: true })).toMatchObject({
      disabled: true,
      mustChangePassword: true,
    });
  });

  it('keeps the roles of the list in stored order, dropping non-strings and unknown names', () => {
    expect(parseStaffRecord({ roles: ['Staff', 7, null, 'Admin'] }).roles).toEqual(['Staff', 'Admin']);
    expect(parseStaffRecord({ roles: ['admin', 'Overlord', 'Director', ' Staff'] }).roles).toEqual([
      'Director',
    ]);
    expect(storedRoles(undefined)).toEqual([]);
    expect(storedRoles({ 0: 'Admin' })).toEqual([]);
  });

  it('reads createdAt only from a stored time (anything with toDate)', () => {
    expect(parseStaffRecord({ createdAt: timestamp(created) }).createdAt).toEqual(created);
    expect(parseStaffRecord({ createdAt: created }).createdAt).toBeNull();
    expect(parseStaffRecord({ createdAt: { toDate: 'soon' } }).createdAt).toBeNull();
  });

  it('ignores fields it does not know (updatedAt, updatedBy, …)', () => {
    expect(
      parseStaffRecord({ uid: 'u', updatedAt: timestamp(created), updatedBy: 'ben@silk.travel' }),
    ).toEqual({
      ...EMPTY,
      uid: 'u',
    });
  });
});

describe('grantsAccess', () => {
  const record = parseStaffRecord({ uid: 'uid-ana', roles: ['Staff'] });

  it('grants the account the record names, while it is not disabled', () => {
    expect(grantsAccess(record, 'uid-ana')).toBe(true);
    expect(grantsAccess({ ...record, disabled: true }, 'uid-ana')).toBe(false);
  });

  it('refuses another account, and every account for a record bound to none', () => {
    expect(grantsAccess(record, 'uid-other')).toBe(false);
    expect(grantsAccess(parseStaffRecord({ roles: ['Admin'] }), '')).toBe(false);
  });
});

describe('canActAsAdmin (the last-Admin rule counts these)', () => {
  const email = 'ana@silk.travel';
  const admin = parseStaffRecord({ uid: 'uid-ana', roles: ['Admin'] });
  const account = { uid: 'uid-ana', email: 'Ana@Silk.travel', disabled: false, emailVerified: true };

  it('counts an enabled Admin bound to its enabled, verified account', () => {
    expect(canActAsAdmin(email, admin, account)).toBe(true);
  });

  it.each([
    ['without the Admin role', { ...admin, roles: ['Staff' as const] }, account],
    ['whose record is disabled', { ...admin, disabled: true }, account],
    ['still on a one-time password', { ...admin, mustChangePassword: true }, account],
    ['bound to no account', { ...admin, uid: null }, account],
    ['whose account does not exist', admin, undefined],
    ['whose account is another one', admin, { ...account, uid: 'uid-other' }],
    ['whose account is disabled', admin, { ...account, disabled: true }],
    ['whose account is unverified', admin, { ...account, emailVerified: false }],
    ['whose account has another e-mail', admin, { ...account, email: 'ben@silk.travel' }],
  ])('does not count an Admin %s', (_case, record, memberAccount) => {
    expect(canActAsAdmin(email, record, memberAccount)).toBe(false);
  });
});
