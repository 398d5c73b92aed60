// The embeddable widget's route over HTTP against the Functions emulator: a site on the Admin's list
// (settings/embed) is let in — its preflight and its signup, which lands as /api/join's does, with the
// host page's referral code and attribution and the consent form 'embed', answered with the referral
// link —; a site not on the list is refused with 403 JSON (preflight and request), a request without an
// Origin too, and a bad address with the SPEC's message; nothing is stored for a refusal. The Admin's
// list: saved normalised and audited, an invalid origin refused, a Staff member refused, and a site added
// is let in at once.
import { COLLECTIONS } from '@silk/schema/constants';
import { EMBED_SETTINGS_DOC } from '@silk/schema/embed';
import {
  EMBED_ADMIN_REQUIRED,
  EMBED_ORIGIN_REQUIRED,
  EMBED_ORIGINS_INVALID,
  INVALID_EMAIL,
  ORIGIN_NOT_ALLOWED,
} from '@silk/schema/messages';
import { REFERRAL_CODE_PATTERN } from '@silk/schema/referrals';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import {
  createStaff,
  functionUrl,
  post,
  unique,
  uniqueEmail,
  type TestStaff,
} from '../../test-support/emulator';
import { expectRefusal } from '../../test-support/refusals';

const { db } = adminServices();
/** A partner's site (another loopback address, which the emulator's configured origins do not cover). */
const PARTNER = 'http://127.0.0.2:4321';
const STRANGER = 'http://127.0.0.3:4321';
const signup = (email: string) => db.collection(COLLECTIONS.waitlistSignups).doc(email).get();
const settings = db.collection(COLLECTIONS.settings).doc(EMBED_SETTINGS_DOC);
let url: string;
let listUrl: string;
let saveUrl: string;
let admin: TestStaff;
let staff: TestStaff;

const embedPost = (body: unknown, origin: string | null) =>
  post(url, body, origin === null ? {} : { headers: { Origin: origin } });
const preflight = (origin: string) =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });
const asStaff = (target: string, member: TestStaff, body: unknown) =>
  post(target, body, { headers: { Authorization: `Bearer ${member.idToken}` } });

beforeAll(async () => {
  [url, listUrl, saveUrl] = await Promise.all([
    functionUrl('embedJoin'),
    functionUrl('embedOriginsList'),
    functionUrl('embedOriginsSave'),
  ]);
  [admin, staff] = await Promise.all([createStaff(['Admin']), createStaff(['Staff'])]);
  await settings.set({ origins: [PARTNER] });
});

describe('embedJoin', () => {
  it("answers a listed site's preflight with 204 and its origin", async () => {
    const response = await preflight(PARTNER);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
  });

  it("stores a listed site's signup with the page's referral code and attribution, answering the referral link", async () => {
    const referrer = uniqueEmail('embed-referrer');
    const first = await embedPost({ email: referrer }, PARTNER);
    expect(first.status).toBe(200);
    const code = first.body.referralCode as string;
    expect(code).toMatch(REFERRAL_CODE_PATTERN);

    const email = uniqueEmail('embed');
    const response = await embedPost(
      {
        email: `  ${email.toUpperCase()} `,
        ref: code,
        utmSource: 'partner-blog',
        utmCampaign: 'spring',
        referrerHost: 'news.example.com',
        landingPath: '/travel/tips',
      },
      PARTNER,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(PARTNER);
    const stored = await signup(email);
    const own = stored.get('referralCode') as string;
    expect(response.body).toEqual({ ok: true, referralCode: own, referralLink: expect.any(String) });
    const link = new URL(response.body.referralLink as string);
    expect([link.pathname, link.searchParams.get('ref')]).toEqual(['/', own]);
    expect(stored.data()).toMatchObject({
      email,
      referredBy: referrer,
      utmSource: 'partner-blog',
      utmCampaign: 'spring',
      referrerHost: 'news.example.com',
      landingPath: '/travel/tips',
      consent: { form: 'embed' },
    });
    expect(stored.get('editKeyHash')).toEqual(expect.any(String));
    expect((await db.collection(COLLECTIONS.subscribers).doc(email).get()).exists).toBe(true);
  });

  it('refuses a site not on the list with 403 JSON, preflight and request alike, storing nothing', async () => {
    const refusedPreflight = await preflight(STRANGER);
    expect(refusedPreflight.status).toBe(403);
    expect(refusedPreflight.headers.get('access-control-allow-origin')).toBeNull();
    const email = uniqueEmail('embed-stranger');
    const response = await embedPost({ email }, STRANGER);
    expectRefusal(response, [403, ORIGIN_NOT_ALLOWED]);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect((await signup(email)).exists).toBe(false);
  });

  it('refuses a request without an Origin (not a web page) with 403 JSON, storing nothing', async () => {
    const email = uniqueEmail('embed-no-origin');
    expectRefusal(await embedPost({ email }, null), [403, EMBED_ORIGIN_REQUIRED]);
    expect((await signup(email)).exists).toBe(false);
  });

  it("refuses a bad address with 400 and the SPEC's message, readable by the listed site", async () => {
    const response = await embedPost({ email: 'not-an-address' }, PARTNER);
    expectRefusal(response, [400, INVALID_EMAIL]);
    expect(response.headers.get('access-control-allow-origin')).toBe(PARTNER);
  });
});

describe("the Admin's list of embedding sites", () => {
  it('saves the list normalised and audited; a site added is let in at once, a site removed refused', async () => {
    const added = `http://${unique('p')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}.localtest:8080`;
    const saved = await asStaff(saveUrl, admin, { origins: [PARTNER, added.toUpperCase(), `${PARTNER}/`] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ origins: [PARTNER, added] });
    expect((await asStaff(listUrl, admin, {})).body).toEqual({ origins: [PARTNER, added] });
    expect((await preflight(added)).status).toBe(204);
    const audit = await db
      .collection(COLLECTIONS.auditLog)
      .where('actor', '==', admin.email)
      .where('action', '==', 'embed.origins.changed')
      .get();
    expect(audit.docs.map((doc) => doc.get('details'))).toContainEqual({ added: [added], removed: [] });

    expect((await asStaff(saveUrl, admin, { origins: [PARTNER] })).status).toBe(200);
    expect((await preflight(added)).status).toBe(403);
  });

  it.each([['https://partner.example/signup'], ['partner.example'], ['http://127.0.0.1:*']])(
    'refuses %j with 400 and saves nothing',
    async (origin) => {
      const before = (await settings.get()).get('origins') as unknown;
      expectRefusal(await asStaff(saveUrl, admin, { origins: [PARTNER, origin] }), [
        400,
        EMBED_ORIGINS_INVALID,
      ]);
      expect((await settings.get()).get('origins')).toEqual(before);
    },
  );

  it('refuses a Staff member, reading and saving', async () => {
    expectRefusal(await asStaff(listUrl, staff, {}), [403, EMBED_ADMIN_REQUIRED]);
    expectRefusal(await asStaff(saveUrl, staff, { origins: [] }), [403, EMBED_ADMIN_REQUIRED]);
  });
});
