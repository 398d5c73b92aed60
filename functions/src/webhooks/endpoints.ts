// The webhook endpoints: webhooks/{id} {url, events, enabled, description, secret, createdAt, createdBy,
// updatedAt}. The secret (`whsec_` and 32 random bytes in base64, Standard Webhooks' format) is answered
// once, when the endpoint is created, and otherwise never leaves the server (browsers cannot read the
// collection). At most MAX_WEBHOOK_ENDPOINTS.
import { COLLECTIONS } from '@silk/schema/constants';
import { WEBHOOK_LIMIT_REACHED, WEBHOOK_NOT_FOUND, WEBHOOK_URL_REFUSED } from '@silk/schema/messages';
import type { WebhookSaveRequest } from '@silk/schema/webhook-api';
import {
  MAX_WEBHOOK_ENDPOINTS,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@silk/schema/webhooks';
import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { randomBytes } from 'node:crypto';
import { HttpError } from '../http/http';
import { checkTarget, TargetRefused, type Resolve } from './target';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';

export function endpointRef(db: Firestore, id: string): DocumentReference {
  return db.collection(COLLECTIONS.webhooks).doc(id);
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function endpointView(snapshot: DocumentSnapshot): WebhookEndpointView {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    url: String(data.url ?? ''),
    events: (Array.isArray(data.events) ? data.events : []) as WebhookEventType[],
    enabled: data.enabled === true,
    description: String(data.description ?? ''),
    createdAt: Number(data.createdAt ?? 0),
    createdBy: String(data.createdBy ?? ''),
  };
}

export async function listEndpoints(db: Firestore): Promise<WebhookEndpointView[]> {
  const snapshot = await db.collection(COLLECTIONS.webhooks).orderBy('createdAt').get();
  return snapshot.docs.map(endpointView);
}

/** 400 WEBHOOK_URL_REFUSED unless the URL may be a webhook's target (DNS checked now). */
async function requireTarget(url: string, allowLocal: boolean, resolve?: Resolve): Promise<void> {
  try {
    await checkTarget(url, { allowLocal, ...(resolve ? { resolve } : {}) });
  } catch (error) {
    if (error instanceof TargetRefused) throw new HttpError(400, WEBHOOK_URL_REFUSED);
    throw error;
  }
}

export interface SaveOptions {
  allowLocal: boolean;
  resolve?: Resolve;
  now?: number;
}

type Saved = { endpoint: WebhookEndpointView; secret?: string; created: boolean };

/**
 * Creates an endpoint (answering its secret) or changes one. The target is checked when it is new,
 * changed or switched on; switching an endpoint off always works.
 */
export async function saveEndpoint(
  db: Firestore,
  request: Required<Omit<WebhookSaveRequest, 'id'>> & { id?: string | undefined },
  by: string,
  options: SaveOptions,
): Promise<Saved> {
  const now = options.now ?? Date.now();
  const fields = {
    url: request.url,
    events: request.events,
    enabled: request.enabled,
    description: request.description,
  };
  if (request.id === undefined) {
    await requireTarget(request.url, options.allowLocal, options.resolve);
    const ref = db.collection(COLLECTIONS.webhooks).doc(randomBytes(10).toString('hex'));
    const secret = newWebhookSecret();
    await db.runTransaction(async (transaction) => {
      const existing = await transaction.get(db.collection(COLLECTIONS.webhooks).select());
      if (existing.size >= MAX_WEBHOOK_ENDPOINTS) throw new HttpError(400, WEBHOOK_LIMIT_REACHED);
      transaction.create(ref, { ...fields, secret, createdAt: now, createdBy: by, updatedAt: now });
    });
    return { endpoint: endpointView(await ref.get()), secret, created: true };
  }
  const ref = endpointRef(db, request.id);
  const current = await ref.get();
  if (!current.exists) throw new HttpError(404, WEBHOOK_NOT_FOUND);
  if (request.enabled && (request.url !== current.get('url') || current.get('enabled') !== true)) {
    await requireTarget(request.url, options.allowLocal, options.resolve);
  }
  try {
    await ref.update({ ...fields, updatedAt: now });
  } catch (error) {
    if (hasGrpcStatus(error, GrpcStatus.NOT_FOUND)) throw new HttpError(404, WEBHOOK_NOT_FOUND);
    throw error;
  }
  return { endpoint: endpointView(await ref.get()), created: false };
}
