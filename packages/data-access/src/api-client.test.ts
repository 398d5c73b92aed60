import type { NewTeamMember } from '@silk/schema/entities';
import { httpErrorStatus } from '@silk/schema/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_MISSING } from '@silk/schema/messages';
import {
  addTeamMember,
  ApiError,
  callApi,
  type ApiClient,
  downloadWaitlist,
  StaffTokenMissing,
  subscribeToMailingList,
  verifyBotCheck,
} from './api-client';
import { apiRoutes, type FunctionId } from '@silk/schema/api-routes';
import type { AdminServices } from './admin-firebase';
import { staffClient } from './staff-client';
import { json, startStubServer, type StubServer } from '../test-support/stub-server';

let stub: StubServer;
let api: string;
beforeAll(async () => {
  stub = await startStubServer();
  api = `${stub.url}/api`;
});
afterAll(() => stub.close());

const last = () => stub.requests.at(-1)!;
const member: NewTeamMember = {
  email: 'new@silk.travel',
  username: 'newbie',
  password: 'Str0ng!pass',
  roles: ['Staff'],
};

describe('subscribeToMailingList (PRODUCT.md#api)', () => {
  it('POSTs {email} as JSON with JSON Content-Type and Accept and reads the JSON answer', async () => {
    stub.on('/api/subscribe', (_req, res) => json(res, 200, { ok: true }));
    await expect(subscribeToMailingList(api, 'ana@example.com')).resolves.toEqual({ ok: true });
    expect(last()).toMatchObject({ method: 'POST', path: '/api/subscribe' });
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().headers.accept).toBe('application/json');
    expect(JSON.parse(last().body)).toEqual({ email: 'ana@example.com' });
  });

  it('sends the call with keepalive, so it completes after the redirect to /waitlist', async () => {
    stub.on('/api/subscribe', (_req, res) => json(res, 200, { ok: true }));
    const sent = vi.spyOn(globalThis, 'fetch');
    await subscribeToMailingList(api, 'ana@example.com');
    expect(sent.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', keepalive: true });
    sent.mockRestore();
  });

  it('raises an ApiError carrying the status and the JSON error body on non-OK', async () => {
    stub.on('/api/subscribe', (_req, res) => json(res, 429, { error: 'Too many requests.' }));
    const error = await subscribeToMailingList(api, 'ana@example.com').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      body: { error: 'Too many requests.' },
      message: 'Too many requests.',
    });
  });

  it('uses the HTTP status message when the error body is not JSON', async () => {
    stub.on('/api/subscribe', (_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    await expect(subscribeToMailingList(api, 'ana@example.com')).rejects.toMatchObject({
      status: 502,
      body: null,
      message: httpErrorStatus(502),
    });
  });
});

describe('verifyBotCheck (PRODUCT.md#api)', () => {
  it('POSTs {email, recaptcha_token} to /waitlist-update', async () => {
    stub.on('/api/waitlist-update', (_req, res) => json(res, 200, { ok: true, score: 0.9 }));
    await verifyBotCheck(api, 'ana@example.com', 'token-1');
    expect(last().path).toBe('/api/waitlist-update');
    expect(JSON.parse(last().body)).toEqual({ email: 'ana@example.com', recaptcha_token: 'token-1' });
  });

  it('rejects with the status on refusal', async () => {
    stub.on('/api/waitlist-update', (_req, res) => json(res, 403, { error: 'The reCAPTCHA check failed.' }));
    await expect(verifyBotCheck(api, 'ana@example.com', 'bad')).rejects.toMatchObject({ status: 403 });
  });
});

describe('addTeamMember (PRODUCT.md#api admin)', () => {
  it('sends the Bearer ID token and {token, email, username, password, roles}', async () => {
    stub.on('/api/admin', (_req, res) =>
      json(res, 200, { message: 'Successfully added newbie to the team.', temporaryPassword: 'Tmp#1abc' }),
    );
    await expect(addTeamMember({ apiBase: api, staffToken: 'id-token-1' }, member)).resolves.toEqual({
      message: 'Successfully added newbie to the team.',
      temporaryPassword: 'Tmp#1abc',
    });
    expect(last().headers.authorization).toBe('Bearer id-token-1');
    expect(JSON.parse(last().body)).toEqual({ token: 'id-token-1', ...member });
  });

  it('defaults the success message to the SPEC text when the answer has none', async () => {
    stub.on('/api/admin', (_req, res) => json(res, 200, {}));
    await expect(addTeamMember({ apiBase: api, staffToken: 't' }, member)).resolves.toEqual({
      message: 'Successfully added newbie to the team.',
    });
  });

  it('raises the server error text', async () => {
    stub.on('/api/admin', (_req, res) =>
      json(res, 409, { error: 'An account with this email address already exists.' }),
    );
    await expect(addTeamMember({ apiBase: api, staffToken: 't' }, member)).rejects.toThrow(
      'An account with this email address already exists.',
    );
  });

  it("raises 'HTTP error! status: N' when the body has no error", async () => {
    stub.on('/api/admin', (_req, res) => json(res, 500, {}));
    await expect(addTeamMember({ apiBase: api, staffToken: 't' }, member)).rejects.toThrow(
      'HTTP error! status: 500',
    );
  });
});

describe('downloadWaitlist (PRODUCT.md#api admin)', () => {
  it('POSTs {token} without an auth header and returns the blob', async () => {
    stub.on('/api/xlsxdown', (_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': 'attachment; filename="waitlist_signups_2025-05-01.xlsx"',
      });
      res.end(Buffer.from('PK\u0003\u0004sheet'));
    });
    const blob = await downloadWaitlist({ apiBase: api, staffToken: 'id-token-2' });
    expect(await blob.text()).toBe('PK\u0003\u0004sheet');
    expect(JSON.parse(last().body)).toEqual({ token: 'id-token-2' });
    expect(last().headers.authorization).toBeUndefined();
  });

  it("sends the viewer's time zone for the Signup Date column", async () => {
    stub.on('/api/xlsxdown', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.end('sheet');
    });
    await downloadWaitlist({ apiBase: api, staffToken: 'id-token-3' }, undefined, 'Europe/Berlin');
    expect(JSON.parse(last().body)).toEqual({ token: 'id-token-3', timeZone: 'Europe/Berlin' });
  });

  it('raises an ApiError with the JSON body on failure', async () => {
    stub.on('/api/xlsxdown', (_req, res) =>
      json(res, 403, { error: 'Only staff members can download signups.' }),
    );
    await expect(downloadWaitlist({ apiBase: api, staffToken: 't' })).rejects.toMatchObject({
      status: 403,
      body: { error: 'Only staff members can download signups.' },
    });
  });
});

describe('callApi', () => {
  it("attaches a staff route's ID token as a Bearer header and `token` in the body", async () => {
    stub.on('/api/team/remove', (_req, res) => json(res, 200, { message: 'Removed.' }));
    await expect(
      callApi({ apiBase: api, staffToken: 'id-token-4' }, 'teamRemove', { email: 'ben@silk.travel' }),
    ).resolves.toEqual({ message: 'Removed.' });
    expect(last().headers.authorization).toBe('Bearer id-token-4');
    expect(JSON.parse(last().body)).toEqual({ token: 'id-token-4', email: 'ben@silk.travel' });
  });

  it('sends no staff call without a staff token (StaffTokenMissing asks to sign in again)', async () => {
    const sent = vi.spyOn(globalThis, 'fetch');
    const error = await callApi({ apiBase: api }, 'teamList', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StaffTokenMissing);
    expect(error).toMatchObject({ message: ID_TOKEN_MISSING });
    await expect(downloadWaitlist({ apiBase: api })).rejects.toBeInstanceOf(StaffTokenMissing);
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
  });

  it('sends a public route without any token, even when the client has one', async () => {
    stub.on('/api/sign-in', (_req, res) => json(res, 200, { customToken: 'custom' }));
    await expect(
      callApi({ apiBase: api, staffToken: 'id-token-5' }, 'signIn', { identifier: 'ana', password: 'pw' }),
    ).resolves.toEqual({ customToken: 'custom' });
    expect(last().headers.authorization).toBeUndefined();
    expect(JSON.parse(last().body)).toEqual({ identifier: 'ana', password: 'pw' });
  });
});

describe('the client of every declared route', () => {
  // A route's declaration is all the client needs: each JSON route is called at its path, a staff
  // route with the caller's token, the others without.
  const jsonRoutes = apiRoutes().filter((route) => route.answer === 'json');

  it.each(jsonRoutes.map((route) => [route.functionId, route] as const))('calls %s', async (_id, route) => {
    stub.on(route.path, (_req, res) => json(res, 200, { ok: true }));
    const call = callApi as (client: ApiClient, route: FunctionId, body: object) => Promise<unknown>;
    await expect(
      call({ apiBase: api, staffToken: 'id-token-9' }, route.functionId, { a: 1 }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(last().path).toBe(route.path);
    const staff = route.access.kind === 'staff';
    expect(JSON.parse(last().body)).toEqual(staff ? { token: 'id-token-9', a: 1 } : { a: 1 });
    expect(last().headers.authorization).toBe(staff ? 'Bearer id-token-9' : undefined);
  });
});

describe('the App Check token of the calling app', () => {
  const appCheckToken = async () => 'app-check-token';

  it('goes on every call as X-Firebase-AppCheck: staff and public routes and the spreadsheet', async () => {
    stub.on('/api/team/remove', (_req, res) => json(res, 200, { message: 'Removed.' }));
    await callApi({ apiBase: api, staffToken: 'id', appCheckToken }, 'teamRemove', {
      email: 'ben@silk.travel',
    });
    expect(last().headers['x-firebase-appcheck']).toBe('app-check-token');
    expect(last().headers.authorization).toBe('Bearer id');

    stub.on('/api/sign-in', (_req, res) => json(res, 200, { customToken: 'custom' }));
    await callApi({ apiBase: api, appCheckToken }, 'signIn', { identifier: 'ana', password: 'pw' });
    expect(last().headers['x-firebase-appcheck']).toBe('app-check-token');

    stub.on('/api/xlsxdown', (_req, res) => res.writeHead(200).end('xlsx'));
    await downloadWaitlist({ apiBase: api, staffToken: 'id', appCheckToken });
    expect(last().headers['x-firebase-appcheck']).toBe('app-check-token');
  });

  it('is left out when the app has none (or none can be had), and the call still goes', async () => {
    stub.on('/api/sign-in', (_req, res) => json(res, 200, { customToken: 'custom' }));
    await callApi({ apiBase: api, appCheckToken: async () => null }, 'signIn', {
      identifier: 'a',
      password: 'p',
    });
    expect(last().headers['x-firebase-appcheck']).toBeUndefined();
    await callApi({ apiBase: api }, 'signIn', { identifier: 'a', password: 'p' });
    expect(last().headers['x-firebase-appcheck']).toBeUndefined();
  });

  it('comes with the staff client of services that have it', async () => {
    const auth = { currentUser: { getIdToken: async () => 'id-6' } } as unknown as AdminServices['auth'];
    await expect(staffClient({ auth, apiBase: api, appCheckToken })).resolves.toEqual({
      apiBase: api,
      staffToken: 'id-6',
      appCheckToken,
    });
    await expect(staffClient({ auth, apiBase: api })).resolves.toEqual({ apiBase: api, staffToken: 'id-6' });
  });
});
