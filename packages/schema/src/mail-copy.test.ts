import { describe, expect, it } from 'vitest';
import {
  MAIL_KIND_SPECS,
  MAIL_KINDS,
  mailCopyProblemMessage,
  mailCopyProblems,
  parseBody,
  renderCopy,
  sampleValues,
} from './mail-copy';
import { renderEmail } from './mail-layout';

const confirmation = MAIL_KIND_SPECS.confirmation.defaults;
const messagesOf = (kind: Parameters<typeof mailCopyProblems>[0], subject: string, body: string) =>
  mailCopyProblems(kind, { subject, body }).map(mailCopyProblemMessage);
const FOOTER = {
  referral: 'https://silk.travel/?ref=abcd2345',
  status: 'https://silk.travel/status?token=s',
  unsubscribe: 'https://silk.travel/unsubscribe?token=u',
  erase: 'https://silk.travel/unsubscribe?token=u#erase',
};

describe('the e-mail copy registry', () => {
  it.each(MAIL_KINDS)('has a valid default for %s that uses each link it requires', (kind) => {
    const spec = MAIL_KIND_SPECS[kind];
    expect(mailCopyProblems(kind, spec.defaults)).toEqual([]);
    for (const name of spec.requiredLinks) expect(spec.variables).toContain(name);
  });

  it('requires the confirm link of the confirmation and the unsubscribe link of the broadcast footer', () => {
    expect(MAIL_KIND_SPECS.confirmation.requiredLinks).toEqual(['confirmLink']);
    expect(MAIL_KIND_SPECS.broadcastFooter.requiredLinks).toEqual(['unsubscribeLink']);
    expect(MAIL_KIND_SPECS.invitation.requiredLinks).toEqual(['acceptLink']);
  });
});

describe('the check', () => {
  it('refuses a confirmation that drops the confirm link, with a message naming it', () => {
    const body = confirmation.body.replace('[Confirm my spot]({{confirmLink}})', 'Reply to confirm.');
    expect(messagesOf('confirmation', confirmation.subject, body)).toEqual([
      'Keep the link {{confirmLink}}: this e-mail cannot do its job without it.',
    ]);
    // The link bare in a sentence still counts.
    expect(messagesOf('confirmation', confirmation.subject, `${body}\n\nOr open {{confirmLink}}`)).toEqual(
      [],
    );
  });

  it('refuses an unknown variable, a variable of another kind, a text variable as a link and a link in the subject', () => {
    expect(messagesOf('confirmation', 'Hi {{firstName}}', `${confirmation.body}\n\n{{acceptLink}}`)).toEqual([
      '{{firstName}} is not a variable this e-mail can use.',
      '{{acceptLink}} is not a variable this e-mail can use.',
    ]);
    expect(
      messagesOf('confirmation', '{{confirmLink}}', `${confirmation.body}\n\n[x]({{productName}})`),
    ).toEqual([
      '{{confirmLink}} is a link and cannot go in the subject.',
      '{{productName}} is text, not a link: use it outside [label](…).',
    ]);
  });

  it('refuses stray braces, an empty subject or body and copy over the limits', () => {
    expect(messagesOf('confirmation', 'Hi {{productName', confirmation.body)).toEqual([
      'Write each variable as {{name}}: a brace is left unmatched.',
    ]);
    expect(messagesOf('confirmation', ' ', ' ')).toEqual([
      'Enter a subject.',
      'Enter the text of the e-mail.',
      'Keep the link {{confirmLink}}: this e-mail cannot do its job without it.',
    ]);
    expect(messagesOf('confirmation', 'x'.repeat(201), `${confirmation.body}${'x'.repeat(5000)}`)).toEqual([
      'The subject can be at most 200 characters.',
      'The text can be at most 5,000 characters.',
    ]);
  });

  it('does not ask the broadcast footer for a subject', () => {
    expect(mailCopyProblems('broadcastFooter', MAIL_KIND_SPECS.broadcastFooter.defaults)).toEqual([]);
    expect(messagesOf('broadcastFooter', '', 'Bye. [Delete my data]({{eraseLink}})')).toEqual([
      'Keep the link {{unsubscribeLink}}: this e-mail cannot do its job without it.',
    ]);
  });
});

describe('rendering', () => {
  it('parses headings, paragraphs and links on their own line', () => {
    expect(parseBody('# Hi {{productName}}\n\nLine one\nline two\n\n[Go]({{confirmLink}})')).toEqual([
      {
        type: 'heading',
        parts: [
          { type: 'text', text: 'Hi ' },
          { type: 'variable', name: 'productName' },
        ],
      },
      { type: 'paragraph', parts: [{ type: 'text', text: 'Line one line two' }] },
      { type: 'action', label: 'Go', name: 'confirmLink' },
    ]);
  });

  it('fills the values, makes the first link on its own the button and escapes everything in the HTML', () => {
    const copy = {
      subject: 'Welcome to {{productName}} <b>',
      body: '# Hello\n\nSee <script>alert(1)</script> and [your page]({{statusLink}}).\n\n[Confirm]({{confirmLink}})\n\n[Later]({{statusLink}})',
    };
    const mail = renderEmail(
      renderCopy(copy, {
        productName: 'Silk',
        confirmLink: 'https://silk.travel/confirm?token=c&x="1"',
        statusLink: FOOTER.status,
      }),
      FOOTER,
    );
    expect(mail.subject).toBe('Welcome to Silk <b>');
    expect(mail.html).toContain('<title>Welcome to Silk &lt;b&gt;</title>');
    expect(mail.html).toContain(
      'See &lt;script&gt;alert(1)&lt;/script&gt; and <a href="https://silk.travel/status?token=s"',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toMatch(
      /<a href="https:\/\/silk\.travel\/confirm\?token=c&amp;x=&quot;1&quot;" style="display:inline-block/,
    );
    expect(mail.html).toMatch(
      /<a href="https:\/\/silk\.travel\/status\?token=s" style="color:#5b3df5">Later<\/a>/,
    );
    expect(mail.text).toContain('Confirm: https://silk.travel/confirm?token=c&x="1"\n');
    expect(mail.text).toContain(`See <script>alert(1)</script> and your page (${FOOTER.status}).`);
    expect(mail.text).toContain(`Unsubscribe: ${FOOTER.unsubscribe}`);
  });

  it('renders every default with the samples the preview uses', () => {
    for (const kind of MAIL_KINDS) {
      const rendered = renderCopy(MAIL_KIND_SPECS[kind].defaults, sampleValues());
      expect(JSON.stringify(rendered)).not.toContain('{{');
    }
  });
});
