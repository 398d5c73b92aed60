// The branded frame of every e-mail to a subscriber, as HTML (inline styles, a single-column table that
// mail clients render alike) and as plain text: the rendered copy (mail-copy.ts), the subscriber's
// referral link, then a footer saying why the mail came and offering "Unsubscribe" and "Delete my data".
// Here rather than in the functions so that the panel's preview is the very HTML a mail carries.
import { PRODUCT_NAME } from './constants';
import type { RenderedBlock, RenderedCopy, RenderedPart } from './mail-copy';

/** The subscriber's own links every mail's footer carries. */
export interface FooterLinks {
  referral: string;
  status: string;
  unsubscribe: string;
  erase: string;
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
/** The most of the first paragraph mail clients show after the subject. */
const PREHEADER_MAX = 140;

export function escapeMailHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const PARAGRAPH_STYLE = `margin:0 0 16px;font-size:16px;line-height:24px;color:${COLORS.soft}`;

function link(url: string, label: string): string {
  return `<a href="${escapeMailHtml(url)}" style="color:${COLORS.brand}">${escapeMailHtml(label)}</a>`;
}

function partsHtml(parts: RenderedPart[]): string {
  return parts
    .map((part) => ('text' in part ? escapeMailHtml(part.text) : link(part.url, part.label)))
    .join('');
}

function partsText(parts: RenderedPart[]): string {
  return parts
    .map((part) => {
      if ('text' in part) return part.text;
      return part.label === part.url ? part.url : `${part.label} (${part.url})`;
    })
    .join('');
}

function paragraph(text: string): string {
  return `<p style="${PARAGRAPH_STYLE}">${escapeMailHtml(text)}</p>`;
}

function button(label: string, url: string): string {
  return (
    `<p style="margin:8px 0 24px"><a href="${escapeMailHtml(url)}" style="display:inline-block;padding:14px 28px;` +
    `border-radius:999px;background:${COLORS.brand};color:#ffffff;font-weight:600;font-size:16px;` +
    `text-decoration:none">${escapeMailHtml(label)}</a></p>`
  );
}

/** The blocks as HTML: the first link on its own is the button, any later one a plain link. */
export function blocksHtml(blocks: RenderedBlock[]): string {
  let buttons = 0;
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'heading':
          return `<h1 style="margin:0 0 16px;font-size:24px;line-height:32px;color:${COLORS.ink}">${escapeMailHtml(block.text)}</h1>`;
        case 'paragraph':
          return `<p style="${PARAGRAPH_STYLE}">${partsHtml(block.parts)}</p>`;
        case 'action':
          buttons += 1;
          return buttons === 1
            ? button(block.label, block.url)
            : `<p style="margin:0 0 24px;font-size:16px;line-height:24px">${link(block.url, block.label)}</p>`;
      }
    })
    .join('\n');
}

/** The blocks as plain text: a link on its own as "Label: URL". */
export function blocksText(blocks: RenderedBlock[]): string[] {
  return blocks.flatMap((block) => {
    switch (block.type) {
      case 'heading':
        return [block.text, ''];
      case 'paragraph':
        return [partsText(block.parts), ''];
      case 'action':
        return [`${block.label}: ${block.url}`, ''];
    }
  });
}

function preheader(blocks: RenderedBlock[]): string {
  const first = blocks.find((block) => block.type === 'paragraph');
  const text = first && first.type === 'paragraph' ? partsText(first.parts) : '';
  return text.length > PREHEADER_MAX ? `${text.slice(0, PREHEADER_MAX - 1)}…` : text;
}

function html(copy: RenderedCopy, links: FooterLinks): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMailHtml(copy.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.bg};font-family:${FONT}">
<div style="display:none;max-height:0;overflow:hidden">${escapeMailHtml(preheader(copy.blocks))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.bg}">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 8px 16px;font-size:22px;font-weight:700;color:${COLORS.brand}">${escapeMailHtml(PRODUCT_NAME)}</td></tr>
<tr><td style="background:${COLORS.surface};border:1px solid ${COLORS.line};border-radius:20px;padding:32px">
${blocksHtml(copy.blocks)}
${paragraph(REFERRAL_LINK_INTRO)}
<p style="margin:0;font-size:16px;line-height:24px;word-break:break-all">${link(links.referral, links.referral)}</p>
</td></tr>
<tr><td style="padding:16px 8px;font-size:13px;line-height:20px;color:${COLORS.soft}">
${escapeMailHtml(WHY)}<br>
${link(links.status, STATUS_LINK_LABEL)} · ${link(links.unsubscribe, 'Unsubscribe')} · ${link(links.erase, 'Delete my data')}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function text(copy: RenderedCopy, links: FooterLinks): string {
  return [
    ...blocksText(copy.blocks),
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

/** A subscriber's mail: the rendered copy in the frame, with the subscriber's own footer links. */
export function renderEmail(copy: RenderedCopy, links: FooterLinks): RenderedEmail {
  return { subject: copy.subject, text: text(copy, links), html: html(copy, links) };
}
