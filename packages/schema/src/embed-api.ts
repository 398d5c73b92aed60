// Request and response shapes of the embeddable widget's routes: the widget's join (public, its Origin
// on the Admin's list) and the Admin's list of allowed origins.
import * as z from 'zod';
import { joinRequestSchema } from './api';
import { MAX_EMBED_ORIGINS, embedOrigin } from './embed';
import { EMBED_ORIGINS_INVALID } from './messages';

/**
 * The widget's join: the e-mail, the host page's referral code (`ref`) and its attribution fields, as
 * /api/join takes them; no edit key (the widget has no feedback form).
 */
export const embedJoinRequestSchema = joinRequestSchema.omit({ editKey: true });
export type EmbedJoinRequest = z.input<typeof embedJoinRequestSchema>;
export interface EmbedJoinResponse {
  ok: true;
  referralCode: string;
  /** The link the subscriber shares (the site's own address with `?ref=`). */
  referralLink: string;
}

export const embedOriginsListRequestSchema = z.object({});
export type EmbedOriginsListRequest = z.input<typeof embedOriginsListRequestSchema>;
export interface EmbedOriginsResponse {
  /** The allowed origins, normalised, in the Admin's order. */
  origins: string[];
}

const invalid = { error: EMBED_ORIGINS_INVALID };

/** The whole list (it replaces the stored one): each entry an origin, at most MAX_EMBED_ORIGINS. */
export const embedOriginsSaveRequestSchema = z.object({
  origins: z
    .array(
      z
        .string(invalid)
        .max(300, invalid)
        .transform((text, context) => {
          const origin = embedOrigin(text);
          if (origin === null) {
            context.addIssue({ code: 'custom', message: EMBED_ORIGINS_INVALID });
            return z.NEVER;
          }
          return origin;
        }),
      invalid,
    )
    .max(MAX_EMBED_ORIGINS, invalid)
    .transform((origins) => [...new Set(origins)]),
});
export type EmbedOriginsSaveRequest = z.input<typeof embedOriginsSaveRequestSchema>;
