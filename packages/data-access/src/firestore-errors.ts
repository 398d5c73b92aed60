// What a failed database call means to the panel: the rules refused it, or the server did not answer
// (the client gave up waiting or calls itself offline), which says nothing about the data.

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

export function isPermissionDenied(error: unknown): boolean {
  return codeOf(error) === 'permission-denied';
}

const OUT_OF_REACH_CODES = new Set<unknown>(['unavailable', 'deadline-exceeded']);

export function isServerOutOfReach(error: unknown): boolean {
  return OUT_OF_REACH_CODES.has(codeOf(error));
}
