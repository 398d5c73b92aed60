// The pages of the confirm and unsubscribe links and their native forms against the emulators, as a
// browser without a script uses them: GET /confirm and /unsubscribe fill the site's shell with the link's
// token and change nothing; the forms' posts confirm, unsubscribe and re-subscribe and answer with a page;
// a tampered token gets a page too, and nothing changes.
import { API_ROUTES } from '@silk/schema/api-routes';
import { COLLECTIONS, LINK_TOKEN_SLOT } from '@silk/schema/constants';
import { LINK_INVALID } from '@silk/schema/messages';
import { waitForMailTo } from '@silk/stack/maildev';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../http/html-page';
import { adminServices } from '../shared/admin';
import { functionUrl, uniqueEmail } from '../../test-support/emulator';
import { linkIn, signUpOnSite } from '../../test-support/mail';

const { db } = adminServices();
const subscriber = async (email: string) =>
  (await db.collection(COLLECTIONS.subscribers).doc(email).get()).data();
const ids = ['confirmPage', 'unsubscribePage', 'confirmSubscription', 'unsubscribe', 'resubscribe'] as const;
const urls = {} as Record<(typeof ids)[number], string>;

beforeAll(async () => {
  for (const id of ids) urls[id] = await functionUrl(id);
});

async function join(prefix: string): Promise<{ email: string; confirm: string; unsubscribe: string }> {
  const email = uniqueEmail(prefix);
  await signUpOnSite(email);
  const [mail] = await waitForMailTo(email);
  const text = mail?.text ?? '';
  const token = (label: string) => new URL(linkIn(text, label)).searchParams.get('token') ?? '';
  return { email, confirm: token('Confirm my spot'), unsubscribe: token('Unsubscribe') };
}

async function open(id: 'confirmPage' | 'unsubscribePage', token: string) {
  const response = await fetch(`${urls[id]}?token=${encodeURIComponent(token)}&erase=e`);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** A native form post, as the browser sends it. */
async function postForm(
  id: 'confirmSubscription' | 'unsubscribe' | 'resubscribe',
  fields: Record<string, string>,
) {
  const response = await fetch(urls[id], {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, html: await response.text(), type: response.headers.get('content-type') };
}

/** The page's form for `action`, with the token its hidden field carries. */
function formOf(html: string, action: string): { token: string } | null {
  const match = new RegExp(
    `<form[^>]*action="${action}"[^>]*>\\s*<input type="hidden" name="token" value="([^"]*)"`,
  ).exec(html);
  return match ? { token: match[1] ?? '' } : null;
}

/** Opens the link's page: 200, the token slot filled, and a form that posts `token` to `action`. */
async function openWithForm(id: 'confirmPage' | 'unsubscribePage', token: string, action: string) {
  const page = await open(id, token);
  expect(page.status).toBe(200);
  expect(page.html).not.toContain(LINK_TOKEN_SLOT);
  expect(formOf(page.html, action)).toEqual({ token: escapeHtml(token) });
  return page;
}

const tampered = (token: string) => `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;

describe('the /confirm page without a script', () => {
  it('is the shell with the token in its form, changes nothing; the form confirms and answers a page', async () => {
    const { email, confirm } = await join('nojs-confirm');
    const page = await openWithForm('confirmPage', confirm, API_ROUTES.confirmSubscription.path);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.html).toContain('id="page-modules"'); // the site's shell, with its island
    expect((await subscriber(email))?.confirmedAt).toBeUndefined();

    const answer = await postForm('confirmSubscription', { token: confirm });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/html; charset=utf-8');
    expect(answer.html).toContain('<h1>You’re confirmed</h1>');
    expect((await subscriber(email))?.confirmedAt).toBeDefined();
  });

  it('with a tampered token: the page still changes nothing, and the form is refused with a page', async () => {
    const { email, confirm } = await join('nojs-confirm-tampered');
    const bad = tampered(confirm);
    expect((await open('confirmPage', bad)).status).toBe(200);
    const answer = await postForm('confirmSubscription', { token: bad });
    expect(answer.status).toBe(401);
    expect(answer.type).toBe('text/html; charset=utf-8');
    expect(answer.html).toContain(`<h1>${escapeHtml(LINK_INVALID)}</h1>`);
    expect((await subscriber(email))?.confirmedAt).toBeUndefined();
  });
});

describe('the /unsubscribe page without a script', () => {
  it('unsubscribes only through its form, whose answer offers re-subscribing', async () => {
    const { email, unsubscribe } = await join('nojs-unsubscribe');
    await openWithForm('unsubscribePage', unsubscribe, API_ROUTES.unsubscribe.path);
    expect((await subscriber(email))?.unsubscribedAt).toBeUndefined();

    const unsubscribed = await postForm('unsubscribe', { token: unsubscribe });
    expect(unsubscribed.status).toBe(200);
    expect(unsubscribed.html).toContain('<h1>You are unsubscribed</h1>');
    expect((await subscriber(email))?.unsubscribedAt).toBeDefined();
    const again = formOf(unsubscribed.html, API_ROUTES.resubscribe.path);
    expect(again).toEqual({ token: escapeHtml(unsubscribe) });

    const back = await postForm('resubscribe', { token: unsubscribe });
    expect(back.status).toBe(200);
    expect(back.html).toContain('<h1>Welcome back</h1>');
    expect((await subscriber(email))?.unsubscribedAt).toBeUndefined();
  });

  it('refuses a tampered token with a page, and changes nothing', async () => {
    const { email, unsubscribe } = await join('nojs-unsubscribe-tampered');
    const answer = await postForm('unsubscribe', { token: tampered(unsubscribe) });
    expect(answer.status).toBe(401);
    expect(answer.html).toContain(`<h1>${escapeHtml(LINK_INVALID)}</h1>`);
    expect((await subscriber(email))?.unsubscribedAt).toBeUndefined();
  });
});
