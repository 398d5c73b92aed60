// The last-Admin rule in the staff emulator tests: only the chosen Admins enabled for a while, and the
// refusal of a last Admin's changes to themself.
import { COLLECTIONS } from '@silk/schema/constants';
import { LAST_ADMIN_REQUIRED } from '@silk/schema/messages';
import { expect } from 'vitest';
import { adminServices } from '../src/shared/admin';
import { functionUrl, post, type TestStaff } from './emulator';

/**
 * Runs `body` while the enabled Admins are `admin` and the members `beside` only: every other enabled
 * Admin record is disabled meanwhile.
 */
export async function withOnlyAdmins(
  admin: TestStaff,
  beside: string[],
  body: () => Promise<void>,
): Promise<void> {
  const { db } = adminServices();
  const keep = new Set([admin.email, ...beside]);
  const others = (
    await db.collection(COLLECTIONS.staff).where('roles', 'array-contains', 'Admin').get()
  ).docs.filter((doc) => !keep.has(doc.id) && doc.get('disabled') !== true);
  await Promise.all(others.map((doc) => doc.ref.update({ disabled: true })));
  try {
    await body();
  } finally {
    await Promise.all(others.map((doc) => doc.ref.update({ disabled: false })));
  }
}

export type SelfChange = readonly ['teamUpdate' | 'teamRemove', Record<string, unknown>];

/** Each change `admin` asks for themself is refused with 409; their record is still an enabled Admin. */
export async function expectLastAdminRefused(
  admin: TestStaff,
  changes: readonly SelfChange[],
): Promise<void> {
  for (const [name, change] of changes) {
    const response = await post(
      await functionUrl(name),
      { token: admin.idToken, email: admin.email, ...change },
      { headers: { Authorization: `Bearer ${admin.idToken}` } },
    );
    expect(response.status, `${name} ${JSON.stringify(change)}`).toBe(409);
    expect(response.body).toEqual({ error: LAST_ADMIN_REQUIRED });
  }
  const record = (await adminServices().db.collection(COLLECTIONS.staff).doc(admin.email).get()).data();
  expect(record).toMatchObject({ roles: ['Admin'] });
  expect(record?.disabled).not.toBe(true);
}
