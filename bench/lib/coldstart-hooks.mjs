// Module loader hooks of bench/lib/coldstart-child.mjs (run on Node's hooks thread): every resolved ES
// module URL is posted to the child's main thread with its importer. CommonJS modules the child finds
// in require's cache.
let port;

export function initialize(data) {
  port = data.port;
  port.on('message', (message) => {
    if (message === 'flush') port.postMessage({ flushed: true });
  });
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  port.postMessage({ url: result.url, parentURL: context.parentURL });
  return result;
}
