// POST /api/v1/signups/list {cursor?, limit?, search?} (apiV1SignupList), Authorization: Bearer <API key
// with signups:read>: a page of signups in address order — those whose address starts with `search`
// when given — and the cursor of the next page (the page's last address, opaque to the caller; null after
// the last page).
//   200 {signups, next} · 400 bad body or cursor · 401 unknown or revoked key · 403 scope · 429 key's rate
import { validAttribution } from '@silk/schema/attribution';
import { COLLECTIONS } from '@silk/schema/constants';
import { API_CURSOR_INVALID } from '@silk/schema/messages';
import { DEFAULT_SIGNUP_PAGE, type ApiSignup } from '@silk/schema/public-api';
import { FieldPath, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';

const encodeCursor = (email: string) => Buffer.from(email, 'utf8').toString('base64url');

function decodeCursor(cursor: string, search: string): string {
  const email = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  // A cursor is an address of the list searched: never one before the search's first.
  if (!email.includes('@') || !email.startsWith(search)) throw new HttpError(400, API_CURSOR_INVALID);
  return email;
}

const isoOf = (value: unknown) => (value instanceof Timestamp ? value.toDate().toISOString() : null);

export function apiSignup(snapshot: DocumentSnapshot): ApiSignup {
  const data = snapshot.data() ?? {};
  return {
    email: snapshot.id,
    signedUpAt: isoOf(data.firstSignupAt) ?? isoOf(data.timestamp),
    confirmed: data.confirmedAt !== undefined && data.confirmedAt !== null,
    referralCode: typeof data.referralCode === 'string' ? data.referralCode : null,
    attribution: validAttribution(data),
  };
}

export function makeApiV1SignupListHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'apiV1SignupList',
    async ({ services: { db }, body }) => {
      const search = body.search ?? '';
      const limit = body.limit ?? DEFAULT_SIGNUP_PAGE;
      const after = body.cursor === undefined ? null : decodeCursor(body.cursor, search);
      let query = db.collection(COLLECTIONS.waitlistSignups).orderBy(FieldPath.documentId());
      if (search !== '') {
        query = query
          .where(FieldPath.documentId(), '>=', search)
          .where(FieldPath.documentId(), '<', `${search}\uf8ff`);
      }
      if (after !== null) query = query.startAfter(after);
      const snapshot = await query.limit(limit + 1).get();
      const page = snapshot.docs.slice(0, limit);
      const last = page.at(-1);
      return {
        signups: page.map(apiSignup),
        next: snapshot.docs.length > limit && last ? encodeCursor(last.id) : null,
      };
    },
    deps,
  );
}
