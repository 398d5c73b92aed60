// A broadcast e-mail: the Admin's sanitised message in the branded frame, then the footer every
// broadcast carries (why it came, the status page, unsubscribe, delete my data).
import { PRODUCT_NAME } from '@silk/schema/constants';
import { MAIL_KIND_SPECS, renderCopy, type MailCopy } from '@silk/schema/mail-copy';
import { blocksHtml, blocksText } from '@silk/schema/mail-layout';
import { escapeHtml } from '../../http/html-page';
import type { SubscriberLinks } from '../../subscribers/subscriber-links';
import type { RenderedEmail } from '../../subscribers/templates/layout';
import type { BroadcastBody } from '../markdown';

type FooterLinks = Pick<SubscriberLinks, 'status' | 'referral' | 'unsubscribe' | 'erase'>;

/**
 * The footer of every broadcast, with its unsubscribe link: the broadcast footer's copy in force
 * (shared/mail-copy-store.ts; its check keeps the unsubscribe link in it), filled with the recipient's links.
 */
export function broadcastFooter(
  links: FooterLinks,
  copy: MailCopy = MAIL_KIND_SPECS.broadcastFooter.defaults,
): { html: string; text: string } {
  const { blocks } = renderCopy(copy, {
    productName: PRODUCT_NAME,
    statusLink: links.status,
    referralLink: links.referral,
    unsubscribeLink: links.unsubscribe,
    eraseLink: links.erase,
  });
  return {
    html: `<div style="margin:24px 0 0;padding:16px 0 0;border-top:1px solid #e4e0f2;font-size:13px">${blocksHtml(blocks)}</div>`,
    text: ['--', ...blocksText(blocks)].join('\n').trimEnd(),
  };
}

export function broadcastEmail(
  subject: string,
  body: BroadcastBody,
  links: FooterLinks,
  footerCopy?: MailCopy,
): RenderedEmail {
  const footer = broadcastFooter(links, footerCopy);
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
