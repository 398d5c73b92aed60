// POST /api/status-data {token} (JSON, or the status page's native form) — "Download my data": the
// status link's subscriber's data (subscriber-data.ts) as a JSON file to keep. The signed status link
// is the only way in: the frame refuses a tampered or expired token (401, or a page for the form) before
// anything is read, and a link whose subscriber has left the list gets the same refusal.
import { LINK_INVALID } from '@silk/schema/messages';
import { ANSWERED, endpoint, type EndpointDeps } from '../http/endpoint';
import { refuseWithPage } from '../http/html-page';
import { HttpError } from '../http/http';
import { subscriberData } from './subscriber-data';

/** The downloaded file's name (the date of the download). */
export function subscriberDataFileName(now: Date): string {
  return `silk-my-data-${now.toISOString().slice(0, 10)}.json`;
}

export function makeStatusDataHandler(deps: Partial<EndpointDeps> = {}, now = () => new Date()) {
  return endpoint(
    'statusData',
    async ({ res, services: { db }, subscriberId }) => {
      const at = now();
      const data = await subscriberData(db, subscriberId, at);
      if (!data) throw new HttpError(401, LINK_INVALID);
      const payload = `${JSON.stringify(data, null, 2)}\n`;
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${subscriberDataFileName(at)}"`);
      res.setHeader('Content-Length', Buffer.byteLength(payload));
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.end(payload);
      return ANSWERED;
    },
    deps,
    // The handler has answered with the file; a refused form gets a page, as the page's other forms do.
    { form: { accepted: () => undefined, refuse: refuseWithPage } },
  );
}
