// The Webhooks tab in Chromium against the built panel on the emulators, with a receiver this test runs
// (a local http server; the emulator's configuration allows it): an Admin adds an endpoint and sees its
// signing secret once, a signup's delivery arrives signed with it and shows in the deliveries table,
// "Send again" makes another attempt with the same webhook-id, the endpoint is removed after a
// confirmation; an Admin adds a Slack and a Discord alert (the same receiver standing in for both
// platforms), a signup reaches each as its platform's message and the deliveries table shows them by the
// alerts' masked URLs; a Staff member has no Webhooks tab and the list route refuses them (403); axe finds
// nothing serious.
import { COLLECTIONS, SIGNUP_SOURCE } from '@silk/schema/constants';
import { maskAlertUrl } from '@silk/schema/alerts';
import {
  WEBHOOK_ADDED,
  WEBHOOK_ALERT_ADDED,
  WEBHOOK_REMOVED,
  WEBHOOK_SENT_AGAIN,
} from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import { FieldValue } from 'firebase-admin/firestore';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idToken, seedMember, uniqueSuffix, type SeededMember } from './support/admin-session';
import { adminSuite } from './support/admin-suite';
import { seriousViolations } from './support/axe';
import { startWebhookReceiver, type Arrival, type WebhookReceiver } from './support/webhook-receiver';

const suite = adminSuite();
const suffix = uniqueSuffix();
const SIGNUP = `hooked-${suffix}@example.com`;
const ALERTED = `alerted-${suffix}@example.com`;
const db = () => adminSdk().db;

const arrivals: Arrival[] = [];
let receiver: WebhookReceiver;
let receiverUrl: string;
let admin: SeededMember;
let staff: SeededMember;

beforeAll(async () => {
  // Answers every event (other files' signups reach this endpoint too) with the address it names, so
  // the deliveries table shows which row is this test's.
  receiver = await startWebhookReceiver((arrival) => {
    arrivals.push(arrival);
    const email = (JSON.parse(arrival.raw) as { data?: { email?: string } }).data?.email ?? '';
    return { status: 200, body: `got ${email}` };
  });
  receiverUrl = `${receiver.origin}/hooks-${suffix}`;
  [admin, staff] = await Promise.all([seedMember('hooks', ['Admin']), seedMember('hookstaff', ['Staff'])]);
});

afterAll(async () => {
  const left = (await db().collection(COLLECTIONS.webhooks).get()).docs.filter((doc) =>
    String(doc.get('url')).startsWith(`${receiver.origin}/`),
  );
  await Promise.all([
    ...left.map((doc) => doc.ref.delete()),
    db().collection(COLLECTIONS.waitlistSignups).doc(SIGNUP).delete(),
    db().collection(COLLECTIONS.waitlistSignups).doc(ALERTED).delete(),
  ]);
  await receiver.close();
});

/** Standard Webhooks' signature, computed here from the secret (the functions' tests use the library). */
function signatureValid(arrival: Arrival, secret: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(arrival.headers['webhook-id'])}.${String(arrival.headers['webhook-timestamp'])}.${arrival.raw}`;
  const expected = createHmac('sha256', key).update(signed).digest('base64');
  return String(arrival.headers['webhook-signature'])
    .split(' ')
    .some((entry) => entry === `v1,${expected}`);
}

describe('Webhooks tab (e2e)', () => {
  it('lets an Admin add an endpoint with its secret shown once, see a signed delivery and send it again; axe-clean', async () => {
    const page = await suite.openSignedIn(admin, '/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { level: 2, name: 'Webhooks' }).waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByRole('checkbox', { name: 'signup.created' }).check();
    await page.getByLabel('Description (optional)').fill('e2e receiver');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const status = page.getByRole('status').filter({ hasText: WEBHOOK_ADDED });
    await status.waitFor({ timeout: 20_000 });
    const secret = (await status.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    expect(await status.getByRole('button', { name: 'Copy secret' }).isVisible()).toBe(true);
    const endpointRow = page
      .getByRole('table', { name: 'Endpoints' })
      .getByRole('row')
      .filter({ hasText: receiverUrl });
    await endpointRow.waitFor({ timeout: 20_000 });
    expect(await endpointRow.textContent()).toContain('Enabled');
    expect(await seriousViolations(page)).toEqual([]);

    await db().collection(COLLECTIONS.waitlistSignups).doc(SIGNUP).set({
      email: SIGNUP,
      source: SIGNUP_SOURCE,
      ip: '203.0.113.9',
      timestamp: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    const ours = () => arrivals.filter((arrival) => arrival.raw.includes(SIGNUP));
    await expect.poll(() => ours().length, { timeout: 30_000 }).toBe(1);
    const [first] = ours();
    expect(signatureValid(first!, secret)).toBe(true);
    expect(JSON.parse(first!.raw)).toMatchObject({
      type: 'signup.created',
      data: { email: SIGNUP, imported: false },
    });

    // The deliveries table follows while the tab is open.
    const delivery = page
      .getByRole('table', { name: 'Deliveries' })
      .getByRole('row')
      .filter({ hasText: `got ${SIGNUP}` });
    await delivery.waitFor({ timeout: 30_000 });
    expect(await delivery.locator('th, td').allTextContents()).toEqual([
      'signup.created',
      receiverUrl,
      'delivered',
      '1',
      `200 got ${SIGNUP}`,
      expect.any(String),
      expect.stringContaining('Send again'),
    ]);

    await delivery.getByRole('button', { name: 'Send again signup.created' }).click();
    await page.getByRole('status').filter({ hasText: WEBHOOK_SENT_AGAIN }).waitFor({ timeout: 20_000 });
    await expect.poll(() => ours().length, { timeout: 30_000 }).toBe(2);
    const [, again] = ours();
    expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(signatureValid(again!, secret)).toBe(true);
    await expect
      .poll(async () => (await delivery.locator('td').nth(2).textContent()) ?? '', { timeout: 30_000 })
      .toBe('2');

    // Shown once: a fresh load of the tab has no secret anywhere.
    await page.reload();
    await endpointRow.waitFor({ timeout: 20_000 });
    expect(await page.content()).not.toContain(secret);

    await endpointRow.getByRole('button', { name: `Remove ${receiverUrl}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove this webhook?' });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('status').filter({ hasText: WEBHOOK_REMOVED }).waitFor({ timeout: 20_000 });
    await expect.poll(() => endpointRow.count(), { timeout: 20_000 }).toBe(0);
  });

  it('lets an Admin add a Slack and a Discord alert, whose messages arrive and show as deliveries; axe-clean', async () => {
    const page = await suite.openSignedIn(admin, '/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { level: 2, name: 'Webhooks' }).waitFor({ timeout: 20_000 });
    const alerts = {
      Slack: `${receiver.origin}/slack-${suffix}/T0001/B0001/slackToken${suffix}`,
      Discord: `${receiver.origin}/discord-${suffix}/123/discordToken${suffix}`,
    };
    for (const [kind, url] of Object.entries(alerts)) {
      await page.getByRole('radio', { name: kind }).check();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('Endpoint URL').fill(url);
      await page.getByRole('checkbox', { name: 'New signups' }).check();
      await page.getByRole('checkbox', { name: 'List milestones' }).check();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await page.getByRole('status').filter({ hasText: WEBHOOK_ALERT_ADDED }).waitFor({ timeout: 20_000 });
      // The token is kept like a secret: the panel shows the URL masked, and no secret.
      const row = page
        .getByRole('table', { name: 'Endpoints' })
        .getByRole('row')
        .filter({ hasText: maskAlertUrl(url) });
      await row.waitFor({ timeout: 20_000 });
      expect(await row.locator('th, td').allTextContents()).toEqual([
        maskAlertUrl(url),
        kind,
        'New signups, List milestones',
        '',
        'Enabled',
        expect.stringContaining('Remove'),
      ]);
      expect(await page.content()).not.toContain(url);
      expect(await page.content()).not.toContain('whsec_');
    }
    expect(await seriousViolations(page)).toEqual([]);

    await db().collection(COLLECTIONS.waitlistSignups).doc(ALERTED).set({
      email: ALERTED,
      source: SIGNUP_SOURCE,
      ip: '203.0.113.9',
      timestamp: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    // Alone in its window a signup is a message of its own, else in its window's digest (the stack's
    // clock runs the redrive that sends it).
    const message = (path: string, named: string) =>
      arrivals.find((arrival) => arrival.path.startsWith(path) && arrival.raw.includes(named));
    await expect.poll(() => message(`/slack-${suffix}/`, ALERTED), { timeout: 120_000 }).toBeDefined();
    const slack = JSON.parse(message(`/slack-${suffix}/`, ALERTED)!.raw) as {
      text: string;
      blocks: Array<{ type: string }>;
    };
    expect(slack.text).toMatch(/^(New signup|\d+ new signups?)$/);
    expect(slack.blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: `*${slack.text}*` } });
    const discordName = JSON.stringify(ALERTED.replace(/[-@]/g, (character) => `\\${character}`)).slice(
      1,
      -1,
    );
    await expect.poll(() => message(`/discord-${suffix}/`, discordName), { timeout: 120_000 }).toBeDefined();
    const discord = JSON.parse(message(`/discord-${suffix}/`, discordName)!.raw) as {
      content: string;
      embeds: unknown[];
      allowed_mentions: unknown;
    };
    expect(discord.content).toMatch(/^(New signup|\d+ new signups?)$/);
    expect(discord.embeds).toHaveLength(1);
    expect(discord.allowed_mentions).toEqual({ parse: [] });

    // The deliveries table shows them as it shows the others, by the alerts' masked URLs.
    for (const url of Object.values(alerts)) {
      const delivery = page
        .getByRole('table', { name: 'Deliveries' })
        .getByRole('row')
        .filter({ hasText: maskAlertUrl(url) })
        .filter({ hasText: 'delivered' })
        .first();
      await delivery.waitFor({ timeout: 60_000 });
      const cells = await delivery.locator('th, td').allTextContents();
      expect(cells[0]).toMatch(/^signup\.created( \(digest of \d+\))?$/);
      expect(cells.slice(1, 3)).toEqual([maskAlertUrl(url), 'delivered']);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('gives a Staff member no Webhooks tab, and the list route refuses them (403); axe-clean', async () => {
    const page = await suite.openSignedIn(staff, '/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Insights' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    const refused = await fetch(`${suite.stack.adminUrl}/api/webhooks/list`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idToken(staff)}` },
      body: '{}',
    });
    expect(refused.status).toBe(403);
  });
});
