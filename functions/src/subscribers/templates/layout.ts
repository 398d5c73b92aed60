// The branded frame of every e-mail to a subscriber, as HTML (inline styles, a single-column table that
// mail clients render alike) and as plain text: the content, the subscriber's referral link, then a
// footer saying why the mail came and offering "Unsubscribe" and "Delete my data".
import { PRODUCT_NAME } from '@silk/schema/constants';
import { escapeHtml } from '../../http/html-page';
import type { SubscriberLinks } from '../subscriber-links';

export interface EmailContent {
  subject: string;
  /** The line mail clients show after the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** The one button (and, in the text part, the labelled link). */
  action: { label: string; url: string };
  /** A second, quieter choice under the button (a link; in the text part, the labelled link). */
  secondary?: { label: string; url: string };
  /** Paragraphs after the button. */
  closing: string[];
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const COLORS = {
  ink: '#1d1b2e',
  soft: '#4a4763',
  bg: '#fbf9f6',
  surface: '#ffffff',
  line: '#e4e0f2',
  brand: '#5b3df5',
};
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
/** The footer's link to the subscriber's private status page. */
export const STATUS_LINK_LABEL = 'Your place in line';
const WHY = `You receive this because this address joined the ${PRODUCT_NAME} waitlist.`;
export const REFERRAL_LINK_INTRO =
  'Invite friends with your personal link — each friend who confirms moves you up the line:';
export const REFERRAL_LINK_LABEL = 'Your referral link';

function paragraph(text: string): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${COLORS.soft}">${escapeHtml(text)}</p>`;
}

function link(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}" style="color:${COLORS.brand}">${escapeHtml(label)}</a>`;
}

function button({ label, url }: EmailContent['action']): string {
  return (
    `<p style="margin:8px 0 24px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:14px 28px;` +
    `border-radius:999px;background:${COLORS.brand};color:#ffffff;font-weight:600;font-size:16px;` +
    `text-decoration:none">${escapeHtml(label)}</a></p>`
  );
}

function html(content: EmailContent, links: SubscriberLinks): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.bg};font-family:${FONT}">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.bg}">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 8px 16px;font-size:22px;font-weight:700;color:${COLORS.brand}">${escapeHtml(PRODUCT_NAME)}</td></tr>
<tr><td style="background:${COLORS.surface};border:1px solid ${COLORS.line};border-radius:20px;padding:32px">
<h1 style="margin:0 0 16px;font-size:24px;line-height:32px;color:${COLORS.ink}">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map(paragraph).join('\n')}
${button(content.action)}
${content.secondary ? `<p style="margin:0 0 24px;font-size:16px;line-height:24px">${link(content.secondary.url, content.secondary.label)}</p>` : ''}
${content.closing.map(paragraph).join('\n')}
${paragraph(REFERRAL_LINK_INTRO)}
<p style="margin:0;font-size:16px;line-height:24px;word-break:break-all">${link(links.referral, links.referral)}</p>
</td></tr>
<tr><td style="padding:16px 8px;font-size:13px;line-height:20px;color:${COLORS.soft}">
${escapeHtml(WHY)}<br>
${link(links.status, STATUS_LINK_LABEL)} · ${link(links.unsubscribe, 'Unsubscribe')} · ${link(links.erase, 'Delete my data')}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function text(content: EmailContent, links: SubscriberLinks): string {
  return [
    content.heading,
    '',
    ...content.paragraphs.flatMap((line) => [line, '']),
    `${content.action.label}: ${content.action.url}`,
    '',
    ...(content.secondary ? [`${content.secondary.label}: ${content.secondary.url}`, ''] : []),
    ...content.closing.flatMap((line) => [line, '']),
    REFERRAL_LINK_INTRO,
    `${REFERRAL_LINK_LABEL}: ${links.referral}`,
    '',
    '--',
    `${PRODUCT_NAME}. ${WHY}`,
    `${STATUS_LINK_LABEL}: ${links.status}`,
    `Unsubscribe: ${links.unsubscribe}`,
    `Delete my data: ${links.erase}`,
    '',
  ].join('\n');
}

export function renderEmail(content: EmailContent, links: SubscriberLinks): RenderedEmail {
  return { subject: content.subject, text: text(content, links), html: html(content, links) };
}
