// Collections that expire through Firestore TTL policies deployed from firestore.indexes.json
// (the emulator ignores TTL, so this checks the deployable declaration itself).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { COLLECTIONS } from '@silk/schema/constants';
import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_EXPIRY_FIELD, RATE_LIMIT_SLOTS } from './rate-limit';

// firebase-tools' own validation of the file, as `firebase deploy` runs it (the package has no types).
const { FirestoreApi } = createRequire(import.meta.url)('firebase-tools/lib/firestore/api') as {
  FirestoreApi: new () => { validateSpec(spec: unknown): void };
};

interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  indexes: unknown[];
}

const spec = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../firestore.indexes.json'), 'utf8'),
) as {
  indexes: unknown[];
  fieldOverrides: FieldOverride[];
};

describe('TTL policies (firestore.indexes.json)', () => {
  it('declares TTL on the field rate-limit windows, their slots, signup tombstones, recent copies and the security log expire at', () => {
    const ttl = spec.fieldOverrides.filter((field) => field.ttl === true);
    expect(ttl).toEqual([
      { collectionGroup: COLLECTIONS.rateLimits, fieldPath: RATE_LIMIT_EXPIRY_FIELD, ttl: true, indexes: [] },
      { collectionGroup: RATE_LIMIT_SLOTS, fieldPath: RATE_LIMIT_EXPIRY_FIELD, ttl: true, indexes: [] },
      { collectionGroup: COLLECTIONS.signupDeletions, fieldPath: 'expiresAt', ttl: true, indexes: [] },
      { collectionGroup: COLLECTIONS.recentSignups, fieldPath: 'expiresAt', ttl: true, indexes: [] },
      { collectionGroup: COLLECTIONS.securityLog, fieldPath: 'expiresAt', ttl: true, indexes: [] },
      { collectionGroup: COLLECTIONS.securityLogCounts, fieldPath: 'expiresAt', ttl: true, indexes: [] },
    ]);
  });

  it('is a file firebase deploy accepts', () => {
    expect(() => new FirestoreApi().validateSpec(spec)).not.toThrow();
    // The same validator refuses a malformed TTL flag, so the check above can fail.
    const broken = { ...spec, fieldOverrides: [{ ...spec.fieldOverrides[0]!, ttl: 'yes' }] };
    expect(() => new FirestoreApi().validateSpec(broken)).toThrow();
  });
});
