// GET /developers/api (apiReference, site): the public API's reference page — each operation's method,
// path, scope, description, request and answer schemas, then the whole OpenAPI 3.1 document
// (openapi.ts) to copy into a client generator. Static: the same page for everyone, no script.
//   200 the page · 405 another method (a page)
import { endpoint, ANSWERED, type EndpointDeps } from '../http/endpoint';
import { escapeHtml, refuseWithPage, sendHtmlPage } from '../http/html-page';
import { openApiDocument } from './openapi';

const json = (value: unknown) => `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  requestBody: { content: { 'application/json': { schema: unknown } } };
  responses: Record<string, { description: string; content: { 'application/json': { schema: unknown } } }>;
}

export function referencePage(): string {
  const document = openApiDocument();
  const base = document.servers[0]?.url ?? '';
  const operations = Object.entries(document.paths).map(([path, item]) => {
    const operation = (item as { post: Operation }).post;
    const refusals = Object.entries(operation.responses)
      .filter(([status]) => status !== '200')
      .map(([status, answer]) => `<li><code>${status}</code> ${escapeHtml(answer.description)}</li>`)
      .join('');
    return (
      `<section aria-labelledby="${operation.operationId}"><h2 id="${operation.operationId}">${escapeHtml(operation.summary)}</h2>` +
      `<p><code>POST ${escapeHtml(base + path)}</code></p>` +
      operation.description
        .split('\n\n')
        .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
        .join('') +
      `<h3>Request body</h3>${json(operation.requestBody.content['application/json'].schema)}` +
      `<h3>Answer (200)</h3>${json(operation.responses['200']?.content['application/json'].schema)}` +
      `<h3>Refusals</h3><ul>${refusals}</ul></section>`
    );
  });
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(document.info.title)} — reference</title></head><body><main>` +
    `<h1>${escapeHtml(document.info.title)} (v${document.info.version})</h1>` +
    `<p>${escapeHtml(document.info.description)}</p>` +
    operations.join('') +
    `<section aria-labelledby="openapi"><h2 id="openapi">OpenAPI 3.1 document</h2>${json(document)}</section>` +
    '</main></body></html>'
  );
}

export function makeApiReferenceHandler(deps: Partial<EndpointDeps> = {}) {
  const page = referencePage();
  return endpoint(
    'apiReference',
    async ({ res }) => {
      sendHtmlPage(res, 200, page);
      return ANSWERED;
    },
    deps,
    { page: { refuse: refuseWithPage } },
  );
}
