// 413 before parsing: a body over the limit never reaches the endpoint's handler and is never parsed by our
// code — refused from Content-Length before a byte is read, or while a chunked body streams in. Behind
// the Functions Framework (as deployed) the framework itself has already read and parsed the body by
// the time any of our code runs; the handler is still never invoked.
import { MAX_BODY_BYTES } from '@silk/schema/constants';
import { PAYLOAD_TOO_LARGE } from '@silk/schema/messages';
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveWithFunctionsFramework } from '../../test-support/functions-framework';
import { serveHandler, type ServedHandler } from '../../test-support/serve-handler';
import { jsonEndpoint, sendJson } from './http';

const ONE_MB = 1024 * 1024;
const invoked = vi.fn();
const endpoint = jsonEndpoint(
  'subscribe',
  () => [],
  async (_req, res, body) => {
    invoked(body);
    sendJson(res, 200, { ok: true });
  },
);

let plain: ServedHandler;
let framework: ServedHandler;

beforeAll(async () => {
  plain = await serveHandler(endpoint);
  framework = await serveWithFunctionsFramework(endpoint);
});
afterAll(async () => {
  await plain?.close();
  await framework?.close();
});
afterEach(() => {
  invoked.mockClear();
  vi.restoreAllMocks();
});

const bigJson = () => JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(ONE_MB) });

async function postJson(url: string, body: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/**
 * POSTs a JSON body of `chunks` chunks of 64 KB without a Content-Length, one every few ms; counts the
 * chunks sent before the answer came.
 */
function postChunked(
  url: string,
  chunks: number,
): Promise<{ status: number; body: unknown; sentBeforeAnswer: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown, sentBeforeAnswer }),
      );
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const writeNext = () => {
      if (answered || sent === chunks) return void req.end('"}');
      sent += 1;
      req.write(chunk, () => setTimeout(writeNext, 5));
    };
    req.write('{"padding":"');
    writeNext();
  });
}

describe('bodies over the limit', () => {
  it('are refused from Content-Length: 413, the handler never invoked, nothing parsed by our code', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const response = await postJson(plain.url, bigJson());
    const bigParses = parse.mock.calls.filter(([text]) => String(text).length > MAX_BODY_BYTES);
    expect(response).toEqual({ status: 413, body: { error: PAYLOAD_TOO_LARGE } });
    expect(invoked).not.toHaveBeenCalled();
    expect(bigParses).toEqual([]);
  });

  it('are refused while a chunked body streams in, before the rest is sent', async () => {
    const response = await postChunked(plain.url, 16);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: PAYLOAD_TOO_LARGE });
    expect(response.sentBeforeAnswer).toBeLessThan(16);
    expect(invoked).not.toHaveBeenCalled();
  });

  it('behind the Functions Framework: 413 and the handler never invoked (the framework has parsed it)', async () => {
    const response = await postJson(framework.url, bigJson());
    expect(response).toEqual({ status: 413, body: { error: PAYLOAD_TOO_LARGE } });
    expect(invoked).not.toHaveBeenCalled();
    const chunked = await postChunked(framework.url, 16);
    expect(chunked.status).toBe(413);
    expect(invoked).not.toHaveBeenCalled();
  });

  it('a body at the limit still reaches the handler, on both servers', async () => {
    const body = JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(MAX_BODY_BYTES - 40) });
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect((await postJson(plain.url, body)).status).toBe(200);
    expect((await postJson(framework.url, body)).status).toBe(200);
    expect(invoked).toHaveBeenCalledTimes(2);
  });
});
