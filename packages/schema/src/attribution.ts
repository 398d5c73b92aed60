// Where a visit came from, as a signup stores it: the campaign's UTM parameters of the landing URL, the
// referring site's host and the landing page's path. The characters and limits are the signup fields
// registry's (signup-fields.ts, which the rules also follow): a value that fails them is dropped, never
// cleaned — a changed value is not the campaign's tag. Used by the site's browser write, `/api/join` and
// the panel. Pure and zod-free.
import {
  ATTRIBUTION_SIGNUP_FIELDS,
  UTM_PARAMETERS,
  type Attribution,
  type AttributionField,
} from './signup-fields';

/** Each field's name in the panel and the spreadsheet, in the registry's order. */
export const ATTRIBUTION_LABELS: Readonly<Record<AttributionField, string>> = {
  utmSource: 'Source',
  utmMedium: 'Medium',
  utmCampaign: 'Campaign',
  utmTerm: 'Term',
  utmContent: 'Content',
  referrerHost: 'Referrer',
  landingPath: 'Landing page',
};

let checks: ReadonlyMap<string, (value: string) => boolean> | undefined;

function checkOf(key: string): ((value: string) => boolean) | undefined {
  checks ??= new Map(
    ATTRIBUTION_SIGNUP_FIELDS.map(({ key: field, pattern, maxLength }) => {
      const expression = new RegExp(pattern);
      return [field, (value: string) => value.length <= maxLength && expression.test(value)];
    }),
  );
  return checks.get(key);
}

/** Whether `value` may be stored as the attribution field `key` (its pattern and limit). */
export function isAttributionValue(key: string, value: unknown): value is string {
  const check = checkOf(key);
  return check !== undefined && typeof value === 'string' && check(value);
}

/** The valid attribution fields of `candidate` (an object of any shape); everything else is dropped. */
export function validAttribution(candidate: unknown): Attribution {
  const attribution: Attribution = {};
  if (!candidate || typeof candidate !== 'object') return attribution;
  const values = candidate as Record<string, unknown>;
  for (const { key } of ATTRIBUTION_SIGNUP_FIELDS) {
    const value = values[key];
    if (isAttributionValue(key, value)) attribution[key] = value;
  }
  return attribution;
}

function parsedUrl(text: string | null | undefined): URL | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The attribution of a visit: the UTM parameters of the landing page's URL (`landingUrl`, with its
 * query), its path (no query), and the host of the page that linked to it (`referrer`, the browser's
 * `document.referrer`) when that is another site's: lower case, without port. {} for a URL that does
 * not parse.
 */
export function visitAttribution(landingUrl: string, referrer?: string | null): Attribution {
  const landing = parsedUrl(landingUrl);
  if (!landing) return {};
  const candidate: Record<string, string | null> = { landingPath: landing.pathname };
  for (const { param, key } of UTM_PARAMETERS) candidate[key] = landing.searchParams.get(param);
  const from = parsedUrl(referrer);
  // URL lower-cases a host and keeps its port apart (`hostname`).
  if (from && from.hostname !== landing.hostname) candidate.referrerHost = from.hostname;
  return validAttribution(candidate);
}

/**
 * The attribution of a native form post from its `Referer`: the page the form was on, with its query
 * (the caller has checked that it is one of the site's pages). The referring site is not known here:
 * only the page's own script could read it.
 */
export function formPostAttribution(referer: string | null | undefined): Attribution {
  return referer ? visitAttribution(referer) : {};
}

/** Whether any field is present. */
export const hasAttribution = (attribution: Attribution): boolean => Object.keys(attribution).length > 0;
