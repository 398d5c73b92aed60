// Checks of an erasure's outcome for the emulator tests: nothing left for the address, and the audit
// log naming it only by its keyed hash.
import { COLLECTIONS } from '@silk/schema/constants';
import { createHash } from 'node:crypto';
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import { adminServices } from '../src/shared/admin';
import { auditAddressHash } from '../src/subscribers/erasure';
import { EMULATOR_MAIL_TOKEN_SECRET, mailDocsTo } from './mail';

/**
 * The signup, the subscriber and every mail of `email` are gone, and no audit entry names it by its plain
 * SHA-256 (which a list of addresses would test); the keyed hash and the audit entries under it.
 */
export async function expectErasedAuditedByHash(
  email: string,
): Promise<{ hash: string; entries: QueryDocumentSnapshot[] }> {
  const { db } = adminServices();
  expect((await db.collection(COLLECTIONS.waitlistSignups).doc(email).get()).exists).toBe(false);
  expect((await db.collection(COLLECTIONS.subscribers).doc(email).get()).exists).toBe(false);
  expect(await mailDocsTo(email)).toHaveLength(0);
  const hash = auditAddressHash(EMULATOR_MAIL_TOKEN_SECRET, email);
  const plain = createHash('sha256').update(email).digest('hex');
  expect(hash).not.toBe(plain);
  expect((await db.collection(COLLECTIONS.auditLog).where('target', '==', plain).get()).empty).toBe(true);
  const audit = await db.collection(COLLECTIONS.auditLog).where('target', '==', hash).get();
  return { hash, entries: audit.docs };
}
