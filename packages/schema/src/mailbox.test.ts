import { describe, expect, it } from 'vitest';
import { asciiDomain, mailboxKey } from './mailbox';

describe('mailboxKey: spellings of one mailbox are one identity', () => {
  it.each([
    // case and any host's `+tag`
    ['Victim+1@Example.com', 'victim@example.com'],
    ['victim+a+b@example.com', 'victim@example.com'],
    ['victim@example.com', 'victim@example.com'],
    // Gmail: dots, tags and googlemail.com
    ['j.a.n.e+news@gmail.com', 'jane@gmail.com'],
    ['J.ane@GoogleMail.com', 'jane@gmail.com'],
    // Proton's four domains
    ['jane@protonmail.com', 'jane@proton.me'],
    ['jane+shop@pm.me', 'jane@proton.me'],
    ['jane@protonmail.ch', 'jane@proton.me'],
    ['jane@proton.me', 'jane@proton.me'],
    // Apple's three domains
    ['jane@me.com', 'jane@icloud.com'],
    ['jane+x@mac.com', 'jane@icloud.com'],
    ['jane@icloud.com', 'jane@icloud.com'],
    // Fastmail: tags and subdomain addressing
    ['news@jane.fastmail.com', 'jane@fastmail.com'],
    ['jane+news@fastmail.com', 'jane@fastmail.com'],
    ['shop@jane.fastmail.fm', 'jane@fastmail.fm'],
    // Outlook's tags
    ['jane+promo@outlook.com', 'jane@outlook.com'],
    ['jane+promo@hotmail.com', 'jane@hotmail.com'],
    // Yahoo's disposable base-name addresses
    ['jane-shop@yahoo.com', 'jane@yahoo.com'],
    // one domain in Unicode and punycode
    ['a@bücher.test', 'a@xn--bcher-kva.test'],
    ['a@xn--bcher-kva.test', 'a@xn--bcher-kva.test'],
    ['A+1@BÜCHER.test', 'a@xn--bcher-kva.test'],
  ])('%s is the mailbox %s', (address, mailbox) => {
    expect(mailboxKey(address)).toBe(mailbox);
  });

  it.each([
    // dots count everywhere but Gmail
    ['j.ane@example.com', 'jane@example.com'],
    ['j.ane@outlook.com', 'jane@outlook.com'],
    ['j.ane@proton.me', 'jane@proton.me'],
    // separate providers and separate accounts of one provider
    ['jane@outlook.com', 'jane@hotmail.com'],
    ['jane@gmail.com', 'jane@proton.me'],
    ['jane@icloud.com', 'jane@gmail.com'],
    ['jane@fastmail.com', 'jane@fastmail.fm'],
    // a subdomain is addressing only where the provider has it
    ['news@jane.example.com', 'jane@example.com'],
    ['news@jane.gmail.com', 'jane@gmail.com'],
    // Yahoo has no `+` tag, other hosts no `-` tag
    ['jane+shop@yahoo.com', 'jane@yahoo.com'],
    ['jane-shop@example.com', 'jane@example.com'],
    // a look-alike domain is another domain
    ['a@bucher.test', 'a@bücher.test'],
    ['jane@gmail.co', 'jane@gmail.com'],
  ])('%s and %s are different mailboxes', (one, other) => {
    expect(mailboxKey(one)).not.toBe(mailboxKey(other));
  });

  it('keeps a bare tag as the local part rather than emptying it', () => {
    expect(mailboxKey('+news@example.com')).toBe('+news@example.com');
  });

  it('writes an ASCII domain unchanged and a Unicode one as punycode', () => {
    expect(asciiDomain('example.com')).toBe('example.com');
    expect(asciiDomain('münchen.de')).toBe('xn--mnchen-3ya.de');
  });
});
