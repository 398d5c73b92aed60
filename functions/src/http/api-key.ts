// The access of the public API's routes: `Authorization: Bearer <API key>`. The key is looked up by its
// SHA-256 (api_keys/{hex}: the key itself is never stored), must not be revoked (401 otherwise, the same
// answer as an unknown key), must hold the route's scope (403), and is counted against its own rate per
// minute (429). Its last use is stamped at most once a minute, so a busy key costs no write per call.
import type { ApiKeyScope } from '@silk/schema/api-keys';
import { API_KEY_PATTERN } from '@silk/schema/api-keys';
import { COLLECTIONS } from '@silk/schema/constants';
import { API_KEY_REQUIRED, API_KEY_SCOPE_MISSING } from '@silk/schema/messages';
import type { Firestore } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { header, HttpError, type HttpRequest } from './http';
import type { RateLimitCheck } from './rate-limit';

/** A key's limit counts requests per this window. */
export const API_KEY_WINDOW_MS = 60_000;
const LAST_USED_STEP_MS = 60_000;

/** The id of a key's record: its SHA-256 in hex (a key has 256 random bits, so no slower hash is needed). */
export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The key a public API call let in. */
export interface ApiKeyCaller {
  id: string;
  name: string;
}

/** The audit trail's actor for what a key did. */
export const apiKeyActor = (caller: ApiKeyCaller) => `api-key:${caller.name} (${caller.id.slice(0, 8)})`;

export async function verifyApiKey(
  req: HttpRequest,
  db: Firestore,
  scope: ApiKeyScope,
  rateLimit: (checks: RateLimitCheck[]) => Promise<void>,
  clock: () => number = Date.now,
): Promise<ApiKeyCaller> {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header(req, 'authorization') ?? '')?.[1] ?? '';
  if (!API_KEY_PATTERN.test(presented)) throw new HttpError(401, API_KEY_REQUIRED);
  const ref = db.collection(COLLECTIONS.apiKeys).doc(apiKeyHash(presented));
  const record = await ref.get();
  if (!record.exists || record.get('revokedAt') != null) throw new HttpError(401, API_KEY_REQUIRED);
  const scopes: unknown = record.get('scopes');
  if (!Array.isArray(scopes) || !scopes.includes(scope)) throw new HttpError(403, API_KEY_SCOPE_MISSING);
  await rateLimit([
    {
      scope: 'api-key',
      key: ref.id,
      limit: Number(record.get('ratePerMinute')),
      windowMs: API_KEY_WINDOW_MS,
    },
  ]);
  const now = clock();
  const lastUsedAt = Number(record.get('lastUsedAt') ?? 0);
  if (now - lastUsedAt >= LAST_USED_STEP_MS) await ref.update({ lastUsedAt: now });
  return { id: ref.id, name: String(record.get('name') ?? '') };
}
