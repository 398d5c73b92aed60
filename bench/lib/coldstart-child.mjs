// One cold start, for bench/coldstart.ts: a fresh Node process imports the built functions bundle, serves
// one function and gives it one request; it prints one JSON line, {firstAnswerMs, status, …}, where
// firstAnswerMs is performance.now() when the answer has arrived: the time since this process started.
// Plain JavaScript run by plain `node` (no TypeScript loader, whose hooks would slow every import).
//
// The spec (JSON, argv[2]):
//   bundle      file URL of functions/deploy/index.js
//   functionId  the export to serve
//   eager       packages imported before the bundle, resolved as the bundle resolves them (the bundle
//               as it was when every function loaded every library)
//   request     { method, headers, body, path? } for an HTTP function, sent to it over local HTTP (path:
//               '/' unless a page's query is given)
//   mailId      for the mail sender: mail/{mailId}, PENDING, handed to the trigger's handler as a write
//   modules     record the npm packages this process loads (a module loader hook; off for timed runs,
//               since the hook's thread slows every import)
import Module, { register } from 'node:module';
import { createServer, request as httpRequest } from 'node:http';
import { MessageChannel } from 'node:worker_threads';

const spec = JSON.parse(process.argv[2]);

/** Resolved URLs (ESM, from the hook) and the importer of each. */
const resolved = [];
let port;
if (spec.modules) {
  const channel = new MessageChannel();
  port = channel.port1;
  port.on('message', (message) => {
    if (message.url) resolved.push(message);
  });
  register('./coldstart-hooks.mjs', import.meta.url, { data: { port: channel.port2 }, transferList: [channel.port2] });
}

/** Waits until the hook thread has posted every resolution so far (one port keeps its order). */
async function flushHooks() {
  await new Promise((resolve) => {
    const done = (message) => {
      if (!message.flushed) return;
      port.off('message', done);
      resolve();
    };
    port.on('message', done);
    port.postMessage('flush');
  });
  port.unref();
}

for (const name of spec.eager ?? []) await import(import.meta.resolve(name, spec.bundle));
const bundle = await import(spec.bundle);
/** The bundle imported (and the eager packages before it): the rest of firstAnswerMs is the first request's work. */
const loadedMs = performance.now();
const target = bundle[spec.functionId];
if (typeof target !== 'function') throw new Error(`the bundle has no function ${spec.functionId}`);

/** The part of a path after its last node_modules/ up to the package name; the path itself elsewhere. */
function packageOf(path) {
  const index = path.lastIndexOf('/node_modules/');
  if (index < 0) return path;
  const [scope, name] = path.slice(index + '/node_modules/'.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

async function callHttp() {
  const server = createServer((req, res) => {
    Promise.resolve(target(req, res)).catch((error) => res.destroy(error));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { method, headers, body, path } = spec.request;
  const answer = await new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: server.address().port, path: path ?? '/', method, headers },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
  const firstAnswerMs = performance.now();
  server.closeAllConnections();
  server.close();
  const text = answer.body.subarray(0, 200).toString('utf8');
  return { firstAnswerMs, status: answer.status, bytes: answer.body.length, answer: /^[\x20-\x7e]*$/.test(text) ? text : '(binary)' };
}

/** The trigger's handler (`run`) with the write that made mail/{id} PENDING, as the runtime would give it. */
async function callMailSender() {
  const { getApps, initializeApp } = await import(import.meta.resolve('firebase-admin/app', spec.bundle));
  const { getFirestore } = await import(import.meta.resolve('firebase-admin/firestore', spec.bundle));
  const ref = getFirestore(getApps()[0] ?? initializeApp()).collection('mail').doc(spec.mailId);
  const data = (await ref.get()).data();
  const before = { exists: true, ref, data: () => ({ ...data, delivery: undefined }) };
  const after = { exists: true, ref, data: () => data };
  await target.run({ data: { before, after }, params: { id: spec.mailId } });
  const firstAnswerMs = performance.now();
  const state = (await ref.get()).get('delivery.state');
  return { firstAnswerMs, status: state === 'SUCCESS' ? 200 : 500, answer: String(state) };
}

const answered = spec.mailId ? await callMailSender() : await callHttp();
// CPU time of the process (all its threads) until the answer: it does not grow with the machine's load
// the way the wall time does.
const { user, system } = process.cpuUsage();
const result = { loadedMs, ...answered, cpuMs: (user + system) / 1000 };

if (spec.modules) {
  await flushHooks();
  result.paths = [...new Set([...resolved.map(({ url }) => url), ...Object.keys(Module._cache)])];
  // Who brought each package in: the imports and requires that cross from one package (or the bundle)
  // into another.
  const cjs = Object.values(Module._cache).map((module) => ({ url: module.filename, parentURL: module.parent?.filename }));
  const edges = new Set();
  for (const { url, parentURL } of [...resolved, ...cjs]) {
    if (parentURL && packageOf(url) !== packageOf(parentURL)) edges.add(JSON.stringify([url, parentURL]));
  }
  result.importers = [...edges].map((edge) => JSON.parse(edge));
}
// Open handles (gRPC channels, SMTP pools) would keep the process alive; exit once the line is out.
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
