import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';
import { broadcastEmail, broadcastFooter } from './templates/broadcast';

const LINKS = {
  status: 'https://silk.travel/status?token=s',
  referral: 'https://silk.travel/?ref=abcd2345',
  unsubscribe: 'https://silk.travel/unsubscribe?token=u',
  erase: 'https://silk.travel/unsubscribe?token=u#erase',
};

describe('renderMarkdown', () => {
  it('keeps the formatting and safe links in both parts', async () => {
    const { html, text } = await renderMarkdown(
      '# Live\n\nWe are **live**: [read more](https://silk.travel/news).\n\n- one\n- two',
    );
    expect(html).toContain('<h1>Live</h1>');
    expect(html).toContain('<strong>live</strong>');
    expect(html).toContain('<a href="https://silk.travel/news">read more</a>');
    expect(text).toContain('We are live: read more (https://silk.travel/news).');
    expect(text).toContain('- one\n- two');
  });

  it('removes scripts, handlers, styles and javascript: or data: links', async () => {
    const { html, text } = await renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)"><p style="color:red" onclick="x()">styled</p>',
        '[a](javascript:alert(3)) [b](JAVASCRIPT:alert(4)) [c](data:text/html,<script>alert(5)</script>)',
        '<a href="javascript&colon;alert(6)">d</a> <iframe src="https://evil.test"></iframe>',
      ].join('\n\n'),
    );
    for (const part of [html, text]) {
      expect(part).not.toMatch(/<script|javascript|onerror|onclick|<iframe|<img|style=|data:/i);
    }
    expect(html).toContain('<p>styled</p>');
  });
});

describe('broadcastEmail', () => {
  it('ends both parts with the footer and its unsubscribe link', async () => {
    const mail = broadcastEmail('Hello', await renderMarkdown('Hi & welcome'), LINKS);
    expect(mail.subject).toBe('Hello');
    expect(mail.html).toContain(broadcastFooter(LINKS).html);
    expect(mail.html).toContain('href="https://silk.travel/unsubscribe?token=u"');
    expect(mail.text.trimEnd().endsWith(broadcastFooter(LINKS).text)).toBe(true);
    expect(mail.text).toContain('Hi & welcome');
  });
});
