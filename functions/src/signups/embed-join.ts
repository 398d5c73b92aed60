// POST /api/embed/join {email, ref?, utm…, referrerHost?, landingPath?} (embedJoin): the embeddable
// widget's signup (/embed.js on a site an Admin allowed). Its frame lets in the configured origins and
// the sites on the Admin's list (http/embed-origins.ts; any other Origin: 403); a request without an
// Origin — not a browser page — is refused with 403 too. Then /api/join's own work (join-waitlist.ts
// `joinSignup`: the same rate limits, global ceiling, mail, referrer and time step), with the host page's
// referral code and attribution as the widget read them, and the consent form 'embed'.
// The referral link is the one the e-mails carry (the mail configuration's SITE_ORIGIN).
//   200 {ok, referralCode, referralLink} · 400 the address's message · 403 · 429
import { EMBED_ORIGIN_REQUIRED } from '@silk/schema/messages';
import { referralLink } from '@silk/schema/referrals';
import { validAttribution } from '@silk/schema/attribution';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { header, HttpError } from '../http/http';
import { readMailConfig } from '../outbox/mail-config';
import { mailTokenSecret } from '../shared/secrets';
import { joinSignup } from './join-waitlist';

export function makeEmbedJoinHandler(deps: Partial<EndpointDeps> = {}) {
  const secret = deps.linkSecret ?? (() => mailTokenSecret.value());
  return endpoint(
    'embedJoin',
    async ({ req, services: { db }, config, ip, body }) => {
      if (header(req, 'origin') === undefined) throw new HttpError(403, EMBED_ORIGIN_REQUIRED);
      const { referralCode } = await joinSignup({
        req,
        db,
        config,
        ip,
        email: body.email,
        editKey: undefined,
        attribution: validAttribution(body),
        referralCode: body.ref,
        form: 'embed',
        secret,
      });
      return {
        ok: true,
        referralCode,
        referralLink: referralLink(readMailConfig().siteOrigin, referralCode),
      };
    },
    deps,
  );
}
