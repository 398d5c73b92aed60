// A broadcast e-mail: the Admin's sanitised message in the branded frame, then the footer every
// broadcast carries (why it came, the status page, unsubscribe, delete my data).
import { PRODUCT_NAME } from '@silk/schema/constants';
import { escapeHtml } from '../../http/html-page';
import type { SubscriberLinks } from '../../subscribers/subscriber-links';
import type { RenderedEmail } from '../../subscribers/templates/layout';
import type { BroadcastBody } from '../markdown';

export const BROADCAST_WHY = `You receive this because this address joined the ${PRODUCT_NAME} waitlist.`;
export const BROADCAST_UNSUBSCRIBE_LABEL = 'Unsubscribe';

type FooterLinks = Pick<SubscriberLinks, 'status' | 'unsubscribe' | 'erase'>;

/** The footer of every broadcast, with its unsubscribe link (the one place it is written). */
export function broadcastFooter(links: FooterLinks): { html: string; text: string } {
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#5b3df5">${escapeHtml(label)}</a>`;
  return {
    html:
      `<p style="margin:24px 0 0;font-size:13px;line-height:20px;color:#4a4763">${escapeHtml(BROADCAST_WHY)}<br>` +
      `${link(links.status, 'Your place in line')} · ${link(links.unsubscribe, BROADCAST_UNSUBSCRIBE_LABEL)} · ` +
      `${link(links.erase, 'Delete my data')}</p>`,
    text: [
      '--',
      `${PRODUCT_NAME}. ${BROADCAST_WHY}`,
      `Your place in line: ${links.status}`,
      `${BROADCAST_UNSUBSCRIBE_LABEL}: ${links.unsubscribe}`,
      `Delete my data: ${links.erase}`,
    ].join('\n'),
  };
}

export function broadcastEmail(subject: string, body: BroadcastBody, links: FooterLinks): RenderedEmail {
  const footer = broadcastFooter(links);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:32px 16px;background:#fbf9f6;font-family:-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;color:#1d1b2e">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e4e0f2;border-radius:20px;padding:32px;font-size:16px;line-height:24px">
${body.html}
${footer.html}
</div>
</body>
</html>
`;
  return { subject, html, text: `${body.text}\n\n${footer.text}\n` };
}
