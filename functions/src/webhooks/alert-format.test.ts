// The alerts' messages as Slack and Discord receive them: each event's words, outside data escaped for
// each format (`<`, `>`, `&`, `@everyone`, Markdown and mrkdwn), never in Slack's mrkdwn or the
// notification's text, and Discord's mentions switched off.
import { describe, expect, it } from 'vitest';
import { alertBody, escapeDiscord, escapeSlack } from './alert-format';
import { alertText, digestText, type AlertPayload } from './alert-text';

const AT = '2026-11-27T12:00:00.000Z';
const HOSTILE =
  '<!everyone> @everyone @here <@123> *bold* _it_ ~s~ `code` [x](https://evil.test) <http://evil.test|click> a&b > quote';

const signup = (email: string, extra: Record<string, unknown> = {}): AlertPayload => ({
  type: 'signup.created',
  timestamp: AT,
  data: { email, subscriberId: 's1', timestamp: AT, source: null, campaign: null, imported: false, ...extra },
});

interface SlackText {
  type: string;
  text: string;
}
interface SlackBlock {
  type: string;
  text?: SlackText;
  fields?: SlackText[];
  elements?: SlackText[];
}
interface SlackBody {
  text: string;
  blocks: SlackBlock[];
}
interface DiscordBody {
  content: string;
  embeds: Array<{
    title: string;
    description?: string;
    timestamp: string;
    fields?: Array<{ name: string; value: string; inline: boolean }>;
  }>;
  allowed_mentions: { parse: string[] };
}

const slack = (payload: AlertPayload) => JSON.parse(alertBody('slack', alertText(payload))) as SlackBody;
const discord = (payload: AlertPayload) =>
  JSON.parse(alertBody('discord', alertText(payload))) as DiscordBody;
const slackTexts = (body: SlackBody) =>
  body.blocks.flatMap((block) => [
    ...(block.text ? [block.text] : []),
    ...(block.fields ?? []),
    ...(block.elements ?? []),
  ]);

describe('escapeSlack', () => {
  it("turns Slack's three control characters into entities, and nothing else", () => {
    expect(escapeSlack('a&b <!everyone> <@U1> x>y')).toBe('a&amp;b &lt;!everyone&gt; &lt;@U1&gt; x&gt;y');
    expect(escapeSlack('*bold* _it_ @everyone')).toBe('*bold* _it_ @everyone');
  });
});

describe('escapeDiscord', () => {
  it('backslash-escapes every Markdown character and @, so nothing formats or mentions', () => {
    expect(escapeDiscord('**b** _i_ ~~s~~ `c` ||sp|| > q # h - l')).toBe(
      '\\*\\*b\\*\\* \\_i\\_ \\~\\~s\\~\\~ \\`c\\` \\|\\|sp\\|\\| \\> q \\# h \\- l',
    );
    expect(escapeDiscord('@everyone <@123> [x](https://evil.test)')).toBe(
      '\\@everyone \\<\\@123\\> \\[x\\]\\(https\\://evil.test\\)',
    );
    expect(escapeDiscord('a\\b')).toBe('a\\\\b');
  });
});

describe('Slack messages', () => {
  it('say a new signup with Block Kit: the title in mrkdwn, the notification text and the details', () => {
    const body = slack(signup('ana@example.com', { source: 'newsletter', campaign: 'launch' }));
    expect(body.text).toBe('New signup');
    expect(body.blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '*New signup*' } });
    expect(body.blocks[1]).toEqual({
      type: 'section',
      fields: [
        { type: 'plain_text', text: 'Email: ana@example.com', emoji: false },
        { type: 'plain_text', text: 'Source: newsletter', emoji: false },
        { type: 'plain_text', text: 'Campaign: launch', emoji: false },
      ],
    });
  });

  it('put outside data only in plain_text, escaped, so no mention, link or formatting can form', () => {
    const body = slack(signup(`x@example.com`, { source: HOSTILE, campaign: 'line\nbreak' }));
    const texts = slackTexts(body);
    const raw = JSON.stringify(body);
    // No mention or link syntax survives anywhere.
    expect(raw).not.toContain('<!everyone>');
    expect(raw).not.toContain('<@123>');
    expect(raw).not.toContain('<http://evil.test|click>');
    expect(raw).not.toMatch(/[<>]/);
    expect(texts.filter((text) => text.type === 'mrkdwn').map((text) => text.text)).toEqual(['*New signup*']);
    expect(texts).toContainEqual({
      type: 'plain_text',
      text: `Source: ${HOSTILE.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`,
      emoji: false,
    });
    expect(texts).toContainEqual({ type: 'plain_text', text: 'Campaign: line break', emoji: false });
    expect(body.text).toBe('New signup');
  });

  it('say each alert-only event in Silk words', () => {
    const title = (payload: AlertPayload) => slack(payload).text;
    expect(title({ type: 'signups.milestone', timestamp: AT, data: { milestone: 1000, total: 1003 } })).toBe(
      'The waitlist reached 1,000 signups',
    );
    expect(
      title({
        type: 'wave.finished',
        timestamp: AT,
        data: { waveId: 'w1', origin: 'admin', total: 250, invited: 248 },
      }),
    ).toBe('Invitation wave finished: 248 of 250 invited');
    const imported = slack({
      type: 'import.finished',
      timestamp: AT,
      data: {
        importId: 'i1',
        fileName: '<b>*list*.csv',
        rows: 1200,
        imported: 1100,
        merged: 90,
        rejected: 10,
        erased: 0,
      },
    });
    expect(imported.text).toBe('Import finished: 1,100 new signups, 90 merged');
    expect(slackTexts(imported)).toContainEqual({
      type: 'plain_text',
      text: 'File: &lt;b&gt;*list*.csv',
      emoji: false,
    });
    const failed = slack({
      type: 'delivery.failed',
      timestamp: AT,
      data: {
        deliveryId: 'd1',
        endpoint: 'https://hooks.example.com/in',
        type: 'signup.created',
        attempts: 8,
        lastStatus: 503,
        lastAnswer: 'down',
      },
    });
    expect(failed.text).toBe('A webhook delivery failed after 8 attempts');
    expect(slackTexts(failed)).toContainEqual({
      type: 'plain_text',
      text: 'Last answer: 503 down',
      emoji: false,
    });
  });
});

describe('Discord messages', () => {
  it('say a new signup as content and one embed, with every mention switched off', () => {
    const body = discord(signup('ana@example.com', { source: 'newsletter' }));
    expect(body).toEqual({
      content: 'New signup',
      embeds: [
        {
          title: 'New signup',
          color: expect.any(Number),
          timestamp: AT,
          fields: [
            { name: 'Email', value: 'ana\\@example.com', inline: true },
            { name: 'Source', value: 'newsletter', inline: true },
          ],
        },
      ],
      allowed_mentions: { parse: [] },
    });
  });

  it('escape outside data so @everyone, mentions, links and Markdown show as typed', () => {
    const body = discord(signup('x@example.com', { source: HOSTILE }));
    const source = body.embeds[0]!.fields!.find((field) => field.name === 'Source')!.value;
    expect(source).toBe(escapeDiscord(HOSTILE));
    expect(source).not.toMatch(/(^|[^\\])@everyone/);
    expect(source).not.toMatch(/(^|[^\\])[*_~`[\]()<>]/);
    expect(body.content).toBe('New signup');
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });
});

describe('digests', () => {
  const many = Array.from({ length: 10 }, (_, index) => signup(`p${index}@example.com`));

  it('count a burst, list the first ten and count the rest', () => {
    const text = digestText({ type: 'signup.created', count: 199, listed: many, at: AT });
    expect(text).toMatchObject({ title: '199 new signups', more: 189 });
    expect(text.list).toEqual(many.map((_, index) => `p${index}@example.com`));
    const slackBody = JSON.parse(alertBody('slack', text)) as SlackBody;
    expect(slackBody.text).toBe('199 new signups');
    expect(slackBody.blocks.at(-1)).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: 'and 189 more' }],
    });
    const discordBody = JSON.parse(alertBody('discord', text)) as DiscordBody;
    expect(discordBody.content).toBe('199 new signups');
    expect(discordBody.embeds[0]!.description!.split('\n')).toEqual([
      ...many.map((_, index) => `• p${index}\\@example.com`),
      'and 189 more',
    ]);
  });

  it('name one entry of a digest of one, and failed deliveries by type and endpoint', () => {
    expect(digestText({ type: 'signup.created', count: 1, listed: many, at: AT })).toMatchObject({
      title: '1 new signup',
      list: ['p0@example.com'],
      more: 0,
    });
    const failures = digestText({
      type: 'delivery.failed',
      count: 3,
      listed: [
        {
          type: 'delivery.failed',
          timestamp: AT,
          data: {
            deliveryId: 'd',
            endpoint: 'https://x.test/in',
            type: 'signup.created',
            attempts: 8,
            lastStatus: null,
            lastAnswer: 'No answer within 10 seconds.',
          },
        },
      ],
      at: AT,
    });
    expect(failures).toMatchObject({
      title: '3 webhook deliveries failed',
      list: ['signup.created to https://x.test/in (No answer within 10 seconds.)'],
      more: 2,
    });
  });

  it('escape listed entries for each platform', () => {
    const text = digestText({ type: 'signup.created', count: 1, listed: [signup('<@1>*x*@e.com')], at: AT });
    const slackBody = JSON.parse(alertBody('slack', text)) as SlackBody;
    expect(slackBody.blocks[1]).toEqual({
      type: 'context',
      elements: [{ type: 'plain_text', text: '&lt;@1&gt;*x*@e.com', emoji: false }],
    });
    const discordBody = JSON.parse(alertBody('discord', text)) as DiscordBody;
    expect(discordBody.embeds[0]!.description).toBe('• \\<\\@1\\>\\*x\\*\\@e.com');
  });
});
