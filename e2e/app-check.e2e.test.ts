// App Check as the browsers meet it on the emulator build. A visitor's landing signup gets a token from
// the stack's stand-in issuer (the custom provider, loaded with the signup code, not with the page),
// sends it on /api/subscribe through Hosting, and the function — which refuses calls without a valid
// token — stores the subscriber. The admin panel obtains tokens too, from its start: every Firestore
// request it opens and every /api call it makes carries one the stand-in issued, so enforcement can be
// switched on without cutting the panel off.
import { mintAppCheckToken } from '@silk/stack/app-check-stub';
import { APP_CHECK_HEADER, COLLECTIONS } from '@silk/schema/constants';
import { SIGNUP_BUTTON_LABEL } from '@silk/schema/messages';
import type { Role } from '@silk/schema/roles';
import { adminSdk } from '@silk/stack/admin-sdk';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdmin, seedMember, signIn } from './support/admin-session';
import { standInTokenProblem } from './support/app-check-token';
import { openSite, uniqueEmail } from './support/site-page';
import { browserSuite } from './support/browser-suite';

const suite = browserSuite();

describe('App Check on the landing signup', () => {
  it('sends a stand-in token on /api/subscribe, which then stores the subscriber', async () => {
    const { context, page } = await openSite(suite.browser, suite.stack.siteUrl, '/');
    suite.contexts.push(context);
    const subscribe: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/subscribe') subscribe.push(request);
    });
    const email = uniqueEmail('appcheck');
    const hero = page.locator('#hero');
    await hero.getByRole('textbox', { name: 'Your e-mail address' }).fill(email);
    await Promise.all([
      page.waitForURL('**/waitlist'),
      hero.getByRole('button', { name: SIGNUP_BUTTON_LABEL }).click(),
    ]);

    await expect.poll(() => subscribe.length).toBe(1);
    const [call] = subscribe;
    expect(await standInTokenProblem(await call?.headerValue(APP_CHECK_HEADER))).toBeNull();
    const subscriber = () => adminSdk().db.collection(COLLECTIONS.subscribers).doc(email).get();
    await expect.poll(async () => (await subscriber()).exists, { timeout: 10_000 }).toBe(true);
  });
});

/** A Firestore WebChannel request that opens a channel (the first of its session, which carries headers). */
function opensChannel(request: Request): boolean {
  const url = new URL(request.url());
  return request.method() === 'POST' && url.pathname.endsWith('/channel') && !url.searchParams.has('SID');
}

/** A Firestore REST call (`/v1/projects/…`, e.g. an aggregation or a commit outside a channel). */
function restCall(request: Request): boolean {
  return new URL(request.url()).pathname.startsWith('/v1/');
}

/**
 * The App Check token a Firestore request carries: a channel's opening request sends its headers in its
 * body (`headers=name:value\r\n…`, which spares the browser a preflight); a REST call as headers.
 */
async function firestoreAppCheckToken(request: Request): Promise<string | undefined> {
  if (opensChannel(request)) {
    const headers = new URLSearchParams(request.postData() ?? '').get('headers') ?? '';
    const line = headers.split('\r\n').find((entry) => /^x-firebase-appcheck:/i.test(entry));
    return line?.slice(line.indexOf(':') + 1).trim();
  }
  return (await request.allHeaders())[APP_CHECK_HEADER.toLowerCase()];
}

describe('App Check on the admin panel', () => {
  it('tells a stand-in token from a forged, foreign or missing one (the check the panel is held to)', async () => {
    expect(await standInTokenProblem(await mintAppCheckToken())).toBeNull();
    expect(await standInTokenProblem(await mintAppCheckToken({ forged: true }))).toBe('bad signature');
    expect(await standInTokenProblem(await mintAppCheckToken({ issuer: 'https://elsewhere.test' }))).toMatch(
      /^issuer/,
    );
    expect(await standInTokenProblem(await mintAppCheckToken({ appId: '1:1:web:1' }))).toMatch(/^app/);
    expect(await standInTokenProblem(undefined)).toBe('no token');
  });

  /**
   * The requests of a panel page that must carry a token: each Firestore channel it opens and REST call,
   * each call of the Auth SDK (it attaches App Check's token as well), and each /api call.
   */
  function watchPanel(page: Page): Record<'firestore' | 'auth' | 'api', Request[]> {
    const origins = {
      firestore: `http://${suite.stack.firestoreHost}`,
      auth: `http://${suite.stack.authHost}`,
      api: suite.stack.adminUrl,
    };
    const seen = { firestore: [] as Request[], auth: [] as Request[], api: [] as Request[] };
    page.on('request', (request) => {
      const url = new URL(request.url());
      // A channel's follow-ups (its session id in the URL) and handshake tests carry no headers by design.
      if (url.origin === origins.firestore && (opensChannel(request) || restCall(request))) {
        seen.firestore.push(request);
      } else if (url.origin === origins.auth && request.method() === 'POST') {
        seen.auth.push(request);
      } else if (url.origin === origins.api && url.pathname.startsWith('/api/')) {
        seen.api.push(request);
      }
    });
    return seen;
  }

  /** Each request with why its token is not a stand-in token (null for every one that is). */
  async function problems(requests: Request[], token: (request: Request) => Promise<string | undefined>) {
    return Promise.all(
      requests.map(async (request) => ({
        request: `${request.method()} ${new URL(request.url()).pathname}`,
        problem: await standInTokenProblem(await token(request)),
      })),
    );
  }

  /** Expects every one of `requests` to carry a stand-in token. */
  async function expectStandInTokens(
    requests: Request[],
    token: (request: Request) => Promise<string | undefined>,
  ) {
    const checked = await problems(requests, token);
    expect(checked).toEqual(checked.map(({ request }) => ({ request, problem: null })));
  }
  const headerToken = async (request: Request) => (await request.headerValue(APP_CHECK_HEADER)) ?? undefined;

  /** A member of `roles`, the signed-out panel in a new context and the requests it sends from its start. */
  async function watchedSignIn(label: string, roles: Role[]) {
    const member = await seedMember(label, roles);
    const { context, page } = await openAdmin(suite.browser, suite.stack.adminUrl);
    suite.contexts.push(context);
    const seen = watchPanel(page);
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
    return { member, page, seen };
  }

  it('sends a stand-in token with every Firestore, Auth and /api request from its first, signed in by e-mail', async () => {
    const { member: admin, page, seen } = await watchedSignIn('appcheck', ['Admin']);
    // By e-mail: Auth and the panel's Firestore listens come before any /api call, so App Check must be
    // up from the panel's start, not from its first call.
    await signIn(page, admin.email, admin.password);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Team Manager' })
      .click();
    const team = page.getByRole('table', { name: 'Team members' });
    await team.waitFor({ timeout: 20_000 });
    await team.getByText(admin.email).waitFor();

    // The panel listens (its staff record, the signups' feeds): channels opened on the emulator.
    expect(seen.firestore.filter(opensChannel).length).toBeGreaterThan(0);
    await expectStandInTokens(seen.firestore, firestoreAppCheckToken);
    expect(seen.auth.length).toBeGreaterThan(0);
    await expectStandInTokens(seen.auth, headerToken);
    expect(seen.api.map((request) => new URL(request.url()).pathname)).toContain('/api/team/list');
    await expectStandInTokens(seen.api, headerToken);
  });

  it('sends a stand-in token on the signIn call of a sign-in by username', async () => {
    const { member, page, seen } = await watchedSignIn('appcheckuser', ['Staff']);
    await signIn(page, member.username, member.password);

    expect(seen.api.map((request) => new URL(request.url()).pathname)).toContain('/api/sign-in');
    await expectStandInTokens(seen.api, headerToken);
    await expectStandInTokens(seen.firestore, firestoreAppCheckToken);
  });
});
