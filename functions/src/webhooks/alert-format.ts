// An alert (alert-text.ts) as the JSON body each platform renders best, with outside data escaped for it.
// Slack (Block Kit, https://api.slack.com/reference/surfaces/formatting): `text` (the notification: Silk's
// words only) and `blocks`; the title is mrkdwn, every outside value goes in a `plain_text` object, which
// Slack shows as it is (no bold, links or mentions), with `&`, `<` and `>` escaped as Slack requires of
// all text, so `<!everyone>` or `<http://x|label>` cannot be formed. Discord
// (https://discord.com/developers/docs/resources/webhook#execute-webhook): `content` (Silk's words) and one
// embed; outside values have every Markdown character backslash-escaped (so `@everyone`, `**`, `[x](y)`,
// `<@id>` show as typed) and `allowed_mentions: {parse: []}` keeps any mention from pinging anyone.
// Outside values lose their line breaks and are cut to VALUE_CHARS, inside both platforms' limits.
import type { AlertKind } from '@silk/schema/alerts';
import type { AlertText } from './alert-text';

/** The longest outside value shown (Discord's field value holds 1,024 characters, escaped twice this). */
const VALUE_CHARS = 300;
/** Discord's embed colour (Silk's accent). */
const DISCORD_COLOR = 0x4f46e5;

/** One line, at most VALUE_CHARS characters. */
function oneLine(value: string): string {
  const flat = value.replace(/[\r\n\u2028\u2029]+/g, ' ');
  return flat.length > VALUE_CHARS ? `${flat.slice(0, VALUE_CHARS - 1)}…` : flat;
}

/** Slack's three control characters as entities (its only escape). */
export function escapeSlack(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Every character Discord's Markdown gives a meaning to, backslash-escaped (and `@`, so no mention forms). */
export function escapeDiscord(value: string): string {
  return value.replace(/[\\*_~`|<>[\]()#:@!-]/g, (character) => `\\${character}`);
}

const slackPlain = (value: string) => ({
  type: 'plain_text',
  text: escapeSlack(oneLine(value)),
  emoji: false,
});

function slackBody(alert: AlertText): object {
  const title = escapeSlack(alert.title);
  const blocks: object[] = [{ type: 'section', text: { type: 'mrkdwn', text: `*${title}*` } }];
  if (alert.fields.length > 0) {
    blocks.push({
      type: 'section',
      fields: alert.fields.map((entry) => slackPlain(`${entry.label}: ${entry.value}`)),
    });
  }
  if (alert.list.length > 0) {
    // Each entry its own plain_text object in a context block (which holds 10 at most).
    blocks.push({ type: 'context', elements: alert.list.slice(0, 10).map((entry) => slackPlain(entry)) });
  }
  if (alert.more > 0) {
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: `and ${alert.more.toLocaleString('en-US')} more` }],
    });
  }
  return { text: title, blocks };
}

function discordBody(alert: AlertText): object {
  const description = [
    ...alert.list.map((entry) => `• ${escapeDiscord(oneLine(entry))}`),
    ...(alert.more > 0 ? [`and ${alert.more.toLocaleString('en-US')} more`] : []),
  ].join('\n');
  return {
    content: escapeDiscord(alert.title),
    embeds: [
      {
        title: escapeDiscord(alert.title),
        color: DISCORD_COLOR,
        timestamp: alert.at,
        ...(description ? { description } : {}),
        ...(alert.fields.length > 0
          ? {
              fields: alert.fields.map((entry) => ({
                name: entry.label,
                value: escapeDiscord(oneLine(entry.value)),
                inline: true,
              })),
            }
          : {}),
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/** The JSON body of the alert for the platform. */
export function alertBody(kind: AlertKind, alert: AlertText): string {
  return JSON.stringify(kind === 'slack' ? slackBody(alert) : discordBody(alert));
}
