// Always-on performance marks read by bench/admin.ts (harmless in production: a few marks per session).
export const SIGNUPS_RECEIVED_MARK = 'silk:signups-received';
export const TABLE_PAINTED_MARK = 'silk:table-painted';
/** Every signup loaded; its detail says how many documents came from the server (`serverDocs`). */
export const SIGNUPS_COMPLETE_MARK = 'silk:signups-complete';

export function mark(name: string, detail?: Record<string, number>): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name, { detail });
}

/** Marks `name` once the browser has painted the current frame (after the next animation frame). */
export function markAfterPaint(name: string): void {
  if (typeof requestAnimationFrame !== 'function') return;
  requestAnimationFrame(() => setTimeout(() => mark(name), 0));
}
