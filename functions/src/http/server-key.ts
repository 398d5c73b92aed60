// The access of a route the product's backend calls: `Authorization: Bearer <key>` with the configured
// server key. Compared as SHA-256 digests in constant time, so neither the key's length nor its prefix
// leaks through the answer's timing; an unset key lets nobody in.
import { SERVER_KEY_REQUIRED } from '@silk/schema/messages';
import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError, type HttpRequest } from './http';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export function verifyServerKey(req: HttpRequest, key: string): void {
  const header = req.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '')?.[1] ?? '';
  if (key === '' || presented === '' || !timingSafeEqual(digest(presented), digest(key))) {
    throw new HttpError(401, SERVER_KEY_REQUIRED);
  }
}
