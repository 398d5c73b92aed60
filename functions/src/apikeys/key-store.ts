// The API keys: api_keys/{sha256 hex of the key} {name, scopes, hint, ratePerMinute, createdAt, createdBy,
// lastUsedAt, revokedAt, revokedBy}. The key (`silk_` and 32 random bytes) is answered once, by
// createApiKey, and stored nowhere; a revoked key's record stays (the panel and the trail name it) and
// never lets a call in again. Browsers cannot read the collection (firestore.rules).
import { API_KEY_PREFIX, MAX_API_KEYS, type ApiKeyScope, type ApiKeyView } from '@silk/schema/api-keys';
import { COLLECTIONS } from '@silk/schema/constants';
import { API_KEY_LIMIT_REACHED, API_KEY_NOT_FOUND } from '@silk/schema/messages';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { randomBytes } from 'node:crypto';
import { apiKeyHash } from '../http/api-key';
import { HttpError } from '../http/http';

const nullableNumber = (value: unknown) => (typeof value === 'number' ? value : null);

export function apiKeyView(snapshot: DocumentSnapshot): ApiKeyView {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    name: String(data.name ?? ''),
    scopes: (Array.isArray(data.scopes) ? data.scopes : []) as ApiKeyScope[],
    hint: String(data.hint ?? ''),
    ratePerMinute: Number(data.ratePerMinute ?? 0),
    createdAt: Number(data.createdAt ?? 0),
    createdBy: String(data.createdBy ?? ''),
    lastUsedAt: nullableNumber(data.lastUsedAt),
    revokedAt: nullableNumber(data.revokedAt),
    revokedBy: typeof data.revokedBy === 'string' ? data.revokedBy : null,
  };
}

export async function listApiKeys(db: Firestore): Promise<ApiKeyView[]> {
  const snapshot = await db.collection(COLLECTIONS.apiKeys).orderBy('createdAt', 'desc').get();
  return snapshot.docs.map(apiKeyView);
}

export interface NewApiKey {
  name: string;
  scopes: ApiKeyScope[];
  ratePerMinute: number;
}

/** Creates a key: its record (the hash as id) and, in the answer only, the key. */
export async function createApiKey(
  db: Firestore,
  request: NewApiKey,
  by: string,
  now = Date.now(),
): Promise<{ key: ApiKeyView; secret: string }> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const collection = db.collection(COLLECTIONS.apiKeys);
  const ref = collection.doc(apiKeyHash(secret));
  await db.runTransaction(async (transaction) => {
    const existing = await transaction.get(collection.select());
    if (existing.size >= MAX_API_KEYS) throw new HttpError(400, API_KEY_LIMIT_REACHED);
    transaction.create(ref, {
      ...request,
      hint: secret.slice(0, API_KEY_PREFIX.length + 4),
      createdAt: now,
      createdBy: by,
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    });
  });
  return { key: apiKeyView(await ref.get()), secret };
}

/** Revokes a key for good (a second revoke changes nothing and answers the key as it is). */
export async function revokeApiKey(
  db: Firestore,
  id: string,
  by: string,
  now = Date.now(),
): Promise<{ key: ApiKeyView; revoked: boolean }> {
  const ref = db.collection(COLLECTIONS.apiKeys).doc(id);
  const revoked = await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) throw new HttpError(404, API_KEY_NOT_FOUND);
    if (snapshot.get('revokedAt') != null) return false;
    transaction.update(ref, { revokedAt: now, revokedBy: by });
    return true;
  });
  return { key: apiKeyView(await ref.get()), revoked };
}
