// Type-level checks of the typed client, enforced by `tsc` (pnpm typecheck): each `@ts-expect-error`
// line must stay an error, or the directive itself fails the build. The calls are never made.
import type { ApiAnswer } from '@silk/schema/api-contract';
import { describe, expect, it } from 'vitest';
import { callApi, type ApiClient } from './api-client';

const client: ApiClient = { apiBase: '/api', staffToken: 'id-token' };

/** Never called: only compiled. */
export async function wellTyped(): Promise<void> {
  const { members } = await callApi(client, 'teamList', {});
  const names: string[] = members.map((member) => member.username);
  const { customToken }: { customToken: string } = await callApi(client, 'signIn', {
    identifier: 'a',
    password: 'b',
  });
  const removed: ApiAnswer<'deleteSignup'>['removed'] = (
    await callApi(client, 'deleteSignup', { email: 'a@b.co' })
  ).removed;
  void [names, customToken, removed];
}

/** Never called: every line is a misuse `tsc` must refuse. */
export async function misused(): Promise<void> {
  // @ts-expect-error a body field the route does not take
  await callApi(client, 'teamRemove', { emial: 'a@b.co' });
  // @ts-expect-error a required field missing
  await callApi(client, 'signIn', { identifier: 'ana' });
  // @ts-expect-error a field of the wrong type
  await callApi(client, 'teamUpdate', { email: 'a@b.co', disabled: 'yes' });
  // @ts-expect-error another route's body
  await callApi(client, 'changeUsername', { password: 'Str0ng!pass' });
  // @ts-expect-error a route that does not exist
  await callApi(client, 'deleteEverything', {});
  // @ts-expect-error the spreadsheet answers a file: downloadWaitlist, not callApi
  await callApi(client, 'exportWaitlist', {});
  const answer = await callApi(client, 'changePassword', { password: 'Str0ng!pass' });
  // @ts-expect-error the answer has no such field
  void answer.customToken;
  const { members } = await callApi(client, 'teamList', {});
  // @ts-expect-error a member's roles are strings
  const roles: number[] = members[0]!.roles;
  void roles;
}

describe('the typed API client', () => {
  it('is checked by tsc (this file compiles only while every misuse above is an error)', () => {
    expect(typeof wellTyped).toBe('function');
    expect(typeof misused).toBe('function');
  });
});
