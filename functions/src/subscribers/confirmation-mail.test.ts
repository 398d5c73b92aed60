import { EMAIL_LINK_PAGES } from '@silk/schema/constants';
import { describe, expect, it } from 'vitest';
import { confirmationMail } from './confirmation-mail';
import { verifyLinkToken } from '../http/link-token';
import { subscriberLinks } from './subscriber-links';
import { CONFIRM_BUTTON_LABEL } from './templates/confirmation';
import { escapeHtml } from '../http/html-page';
import { REFERRAL_LINK_LABEL, STATUS_LINK_LABEL } from './templates/layout';

const SECRET = 'test-secret';
const ORIGIN = 'https://silk.travel';
const EMAIL = 'ana@example.com';
const SUBSCRIBER = 'subscriber-id-1';

const CODE = 'abcd2345';
const links = subscriberLinks(ORIGIN, SECRET, SUBSCRIBER, CODE);
const mail = confirmationMail(EMAIL, links);

function tokenOf(url: string, name = 'token'): string {
  return new URL(url).searchParams.get(name) ?? '';
}

describe('subscriber links', () => {
  it('open the site pages with a token for each purpose, and no address', () => {
    expect(links.confirm.startsWith(`${ORIGIN}${EMAIL_LINK_PAGES.confirm}?token=`)).toBe(true);
    expect(links.unsubscribe.startsWith(`${ORIGIN}${EMAIL_LINK_PAGES.unsubscribe}?token=`)).toBe(true);
    expect(links.erase).toBe(`${links.unsubscribe}#delete-my-data`);
    expect(links.oneClickUnsubscribe.startsWith(`${ORIGIN}/api/unsubscribe?token=`)).toBe(true);
    expect(verifyLinkToken(SECRET, tokenOf(links.confirm), 'confirm').subject).toBe(SUBSCRIBER);
    expect(verifyLinkToken(SECRET, tokenOf(links.unsubscribe), 'unsubscribe').subject).toBe(SUBSCRIBER);
    expect(verifyLinkToken(SECRET, tokenOf(links.unsubscribe, 'erase'), 'erase').subject).toBe(SUBSCRIBER);
    expect(verifyLinkToken(SECRET, tokenOf(links.oneClickUnsubscribe), 'unsubscribe').subject).toBe(
      SUBSCRIBER,
    );
    expect(links.status.startsWith(`${ORIGIN}/status?token=`)).toBe(true);
    expect(verifyLinkToken(SECRET, tokenOf(links.status), 'status').subject).toBe(SUBSCRIBER);
    expect(links.referral).toBe(`${ORIGIN}/?ref=${CODE}`);
    for (const url of Object.values(links)) expect(url).not.toContain('@');
  });
});

describe('the confirmation e-mail', () => {
  it('goes to the address, with the one-click unsubscribe headers (RFC 8058)', () => {
    expect(mail.to).toBe(EMAIL);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${links.oneClickUnsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.message.subject).toBe('Confirm your spot on the Silk waitlist');
  });

  it('has a text part with the labelled links', () => {
    const { text } = mail.message;
    expect(text).toContain(`${CONFIRM_BUTTON_LABEL}: ${links.confirm}`);
    expect(text).toContain(`Unsubscribe: ${links.unsubscribe}`);
    expect(text).toContain(`Delete my data: ${links.erase}`);
    expect(text).toContain(`${STATUS_LINK_LABEL}: ${links.status}`);
    expect(text).toContain(`${REFERRAL_LINK_LABEL}: ${ORIGIN}/?ref=${CODE}`);
  });

  it('has an HTML part with the button and the footer links, each href escaped', () => {
    const { html } = mail.message;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`href="${escapeHtml(links.confirm)}"`);
    expect(html).toContain(`>${CONFIRM_BUTTON_LABEL}</a>`);
    expect(html).toContain(`href="${escapeHtml(links.unsubscribe)}"`);
    expect(html).toContain(`href="${escapeHtml(links.erase)}"`);
    expect(html).toContain('>Delete my data</a>');
    expect(html).toContain(`href="${escapeHtml(links.status)}"`);
    expect(html).toContain(`href="${escapeHtml(links.referral)}"`);
    // Query strings with & are escaped in attributes.
    expect(html).not.toMatch(/href="[^"]*&(?!amp;)[^"]*"/);
  });
});

describe('escapeHtml', () => {
  it('escapes markup and quotes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
