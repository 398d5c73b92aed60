// The wait a receiver's 429 asks for: the Retry-After header (seconds, or an HTTP date: Slack sends
// seconds) or Discord's JSON `retry_after` (seconds, fractional), at most RETRY_AFTER_MAX_MS. The
// delivery's next attempt is due then instead of at the schedule's next wait (deliveries.ts).

/** A receiver asking for longer is tried again after this (and again told to wait, if it still is busy). */
export const RETRY_AFTER_MAX_MS = 60 * 60_000;

function seconds(value: unknown): number | null {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) && parsed >= 0 ? parsed * 1000 : null;
}

function fromHeader(header: string | undefined, now: number): number | null {
  if (header === undefined) return null;
  const wait = seconds(header);
  if (wait !== null) return wait;
  // An HTTP date names its day and month in letters (a bare number is seconds or nothing).
  if (!/[a-z]/i.test(header)) return null;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function fromBody(body: string): number | null {
  try {
    return seconds((JSON.parse(body) as { retry_after?: unknown } | null)?.retry_after);
  } catch {
    return null;
  }
}

/** The wait in ms a 429 answer asks for, or null when it names none. */
export function retryAfterMs(header: string | undefined, body: string, now: number): number | null {
  const wait = fromHeader(header, now) ?? fromBody(body);
  return wait === null ? null : Math.min(Math.ceil(wait), RETRY_AFTER_MAX_MS);
}
