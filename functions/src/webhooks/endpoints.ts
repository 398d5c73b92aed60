// The webhook endpoints: webhooks/{id} {url, kind, events, enabled, description, secret, createdAt,
// createdBy, updatedAt}. The secret (`whsec_` and 32 random bytes in base64, Standard Webhooks' format) is
// answered once, when the endpoint is created, and otherwise never leaves the server (browsers cannot
// read the collection). At most MAX_WEBHOOK_ENDPOINTS. A Slack or Discord alert (`kind`, @silk/schema/
// alerts) has no secret: its URL is its secret, so it is answered masked (`maskAlertUrl`), and a change
// that sends the masked URL back keeps the stored one. Its URL must be its platform's (the emulator's
// configuration, which lets a local receiver stand in for any endpoint, lets one stand in for either
// platform), a standard endpoint's neither platform's; an endpoint's kind never changes.
import {
  ALERT_EVENT_TYPES,
  isAlertKind,
  maskAlertUrl,
  platformOf,
  WEBHOOK_KINDS,
  type EndpointEventType,
  type WebhookKind,
} from '@silk/schema/alerts';
import { COLLECTIONS } from '@silk/schema/constants';
import {
  WEBHOOK_KIND_URL_MISMATCH,
  WEBHOOK_LIMIT_REACHED,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_REQUEST_INVALID,
  WEBHOOK_URL_REFUSED,
} from '@silk/schema/messages';
import type { WebhookSaveRequest } from '@silk/schema/webhook-api';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_EVENT_TYPES, type WebhookEndpointView } from '@silk/schema/webhooks';
import type { DocumentData, DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
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

/** An endpoint's kind (standard when stored before alerts existed). */
export function endpointKind(data: DocumentData | undefined): WebhookKind {
  const kind = data?.kind as WebhookKind | undefined;
  return kind !== undefined && WEBHOOK_KINDS.includes(kind) ? kind : 'standard';
}

export function endpointView(snapshot: DocumentSnapshot): WebhookEndpointView {
  const data = snapshot.data() ?? {};
  const kind = endpointKind(data);
  const url = String(data.url ?? '');
  return {
    id: snapshot.id,
    url: isAlertKind(kind) ? maskAlertUrl(url) : url,
    kind,
    events: (Array.isArray(data.events) ? data.events : []) as EndpointEventType[],
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

/** 400 unless the URL is the kind's platform's (any URL stands in for a platform when local targets are allowed). */
function requireKindUrl(kind: WebhookKind, url: string, allowLocal: boolean): void {
  const platform = platformOf(url);
  const agrees =
    kind === 'standard' ? platform === null : platform === kind || (allowLocal && platform === null);
  if (!agrees) throw new HttpError(400, WEBHOOK_KIND_URL_MISMATCH);
}

/** 400 unless every event is one the kind may subscribe to. */
function requireKindEvents(kind: WebhookKind, events: readonly EndpointEventType[]): void {
  const allowed: readonly string[] = isAlertKind(kind) ? ALERT_EVENT_TYPES : WEBHOOK_EVENT_TYPES;
  if (!events.every((type) => allowed.includes(type))) throw new HttpError(400, WEBHOOK_REQUEST_INVALID);
}

export interface SaveOptions {
  allowLocal: boolean;
  resolve?: Resolve;
  now?: number;
}

type Saved = { endpoint: WebhookEndpointView; secret?: string; created: boolean };

/** A save: the request's fields; `kind` absent is standard for a new endpoint, the stored kind for a change. */
export type SaveRequest = Required<Omit<WebhookSaveRequest, 'id' | 'kind'>> & {
  id?: string | undefined;
  kind?: WebhookKind | undefined;
};

/**
 * Creates an endpoint (answering a standard one's secret) or changes one. The target is checked when it
 * is new, changed or switched on; switching an endpoint off always works.
 */
export async function saveEndpoint(
  db: Firestore,
  request: SaveRequest,
  by: string,
  options: SaveOptions,
): Promise<Saved> {
  const now = options.now ?? Date.now();
  const fields = {
    events: request.events,
    enabled: request.enabled,
    description: request.description,
  };
  if (request.id === undefined) {
    const kind = request.kind ?? 'standard';
    requireKindEvents(kind, request.events);
    requireKindUrl(kind, request.url, options.allowLocal);
    await requireTarget(request.url, options.allowLocal, options.resolve);
    const ref = db.collection(COLLECTIONS.webhooks).doc(randomBytes(10).toString('hex'));
    const secret = isAlertKind(kind) ? undefined : newWebhookSecret();
    await db.runTransaction(async (transaction) => {
      const existing = await transaction.get(db.collection(COLLECTIONS.webhooks).select());
      if (existing.size >= MAX_WEBHOOK_ENDPOINTS) throw new HttpError(400, WEBHOOK_LIMIT_REACHED);
      transaction.create(ref, {
        ...fields,
        url: request.url,
        kind,
        ...(secret === undefined ? {} : { secret }),
        createdAt: now,
        createdBy: by,
        updatedAt: now,
      });
    });
    const endpoint = endpointView(await ref.get());
    return secret === undefined ? { endpoint, created: true } : { endpoint, secret, created: true };
  }
  const ref = endpointRef(db, request.id);
  const current = await ref.get();
  if (!current.exists) throw new HttpError(404, WEBHOOK_NOT_FOUND);
  const kind = endpointKind(current.data());
  if (request.kind !== undefined && request.kind !== kind) throw new HttpError(400, WEBHOOK_REQUEST_INVALID);
  requireKindEvents(kind, request.events);
  const stored = String(current.get('url') ?? '');
  // The panel shows an alert's URL masked and sends it back so when the URL is not changed.
  const url = isAlertKind(kind) && request.url === maskAlertUrl(stored) ? stored : request.url;
  if (url !== stored) requireKindUrl(kind, url, options.allowLocal);
  if (request.enabled && (url !== stored || current.get('enabled') !== true)) {
    await requireTarget(url, options.allowLocal, options.resolve);
  }
  try {
    await ref.update({ ...fields, url, updatedAt: now });
  } catch (error) {
    if (hasGrpcStatus(error, GrpcStatus.NOT_FOUND)) throw new HttpError(404, WEBHOOK_NOT_FOUND);
    throw error;
  }
  return { endpoint: endpointView(await ref.get()), created: false };
}
