// Origin allow-list: exact origins, or a loopback host with any port ("http://127.0.0.1:*",
// "http://localhost:*") — the latter only in the emulator configuration of the demo project.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false; // paths, credentials or odd spellings are not origins
  return allowed.some((pattern) => {
    if (pattern === origin) return true;
    const wildcard = /^(https?):\/\/([^/:]+):\*$/.exec(pattern);
    if (!wildcard) return false;
    const [, protocol, host = ''] = wildcard;
    return LOOPBACK_HOSTS.has(host) && url.protocol === `${protocol}:` && url.hostname === host;
  });
}
