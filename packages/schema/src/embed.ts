// The embeddable signup widget (`/embed.js`): the sites an Admin allowed to embed it, as origins —
// scheme, host and optional port only — kept in settings/embed (EMBED_SETTINGS_DOC, server-written),
// and what the widget and its route share. Pure and zod-free (the widget's bundle uses it).

/** settings/{this}: `{ origins: string[] }`, the sites allowed to embed the widget (an Admin's list). */
export const EMBED_SETTINGS_DOC = 'embed';

/** The most origins the list holds. */
export const MAX_EMBED_ORIGINS = 100;

/** The widget's route (embedJoin in routes/signups.ts declares it with this path). */
export const EMBED_JOIN_PATH = '/api/embed/join';

/** The path Hosting serves the widget's script at (stable: other sites' pages name it). */
export const EMBED_SCRIPT_PATH = '/embed.js';

/** The site that serves the widget in production (its API is the widget's). */
export const EMBED_SITE_ORIGIN = 'https://silk.travel';

/** The tag a page puts where the form should appear. */
export const EMBED_TAG = `<script src="${EMBED_SITE_ORIGIN}${EMBED_SCRIPT_PATH}" async></script>`;

const ORIGIN_PATTERN = /^(https?):\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i;

/**
 * The origin `text` names, normalised (lower case, default port dropped), or null when it is anything
 * but `http(s)://host[:port]`: a path, query, fragment, credentials or wildcard is refused, not cut off.
 */
export function embedOrigin(text: string): string | null {
  const match = ORIGIN_PATTERN.exec(text.trim());
  if (!match) return null;
  const port = match[3];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return null;
  try {
    return new URL(text.trim()).origin;
  } catch {
    return null;
  }
}
