// The HTML answers of the routes a browser opens itself rather than through a script: a native form
// post (its refusal as a small page, its success as a redirect) and a page opened from an e-mail link.
import type { HttpError, HttpResponse } from './http';

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A page the browser shows in place of a refused form or page: the message and the way back (no script, no style). */
export function messagePage(message: string, detail = '', moreHtml = ''): string {
  const text = escapeHtml(message);
  const paragraph = detail ? `<p>${escapeHtml(detail)}</p>` : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${text} — Silk</title></head>` +
    `<body><main><h1>${text}</h1>${paragraph}${moreHtml}<p><a href="/">Back to Home</a></p></main></body></html>`
  );
}

/** Answers an HTML page: never cached or indexed, and its URL (which may carry a link's token) never sent on. */
export function sendHtmlPage(res: HttpResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.end(html);
}

/** A refusal of the frame (or of the handler) shown as a page: for routes a browser opens without a script. */
export function refuseWithPage(_req: unknown, res: HttpResponse, error: HttpError): void {
  sendHtmlPage(res, error.status, messagePage(error.message));
}

/** The answer to an accepted form post: 303 See Other to the page that follows it. */
export function seeOther(res: HttpResponse, location: string): void {
  res.statusCode = 303;
  res.setHeader('Location', location);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', '0');
  res.end();
}
