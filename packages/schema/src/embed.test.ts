// The Admin's list of sites allowed to embed the widget: each entry an origin — scheme, host, optional
// port — stored normalised; anything else (a path, query, credentials, wildcard, another scheme) is refused
// with the list's message, and nothing is cut off to fit.
import { describe, expect, it } from 'vitest';
import { embedOrigin, MAX_EMBED_ORIGINS } from './embed';
import { embedOriginsSaveRequestSchema } from './embed-api';
import { EMBED_ORIGINS_INVALID } from './messages';

describe('embedOrigin', () => {
  it.each([
    ['https://partner.example', 'https://partner.example'],
    ['http://127.0.0.2:4173', 'http://127.0.0.2:4173'],
    ['  HTTPS://Blog.Partner.Example  ', 'https://blog.partner.example'],
    ['https://partner.example:443', 'https://partner.example'],
    ['https://partner.example:8443', 'https://partner.example:8443'],
    ['https://partner.example/', 'https://partner.example'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('accepts %j as %j', (text, origin) => {
    expect(embedOrigin(text)).toBe(origin);
  });

  it.each([
    'partner.example',
    'ftp://partner.example',
    'javascript:alert(1)',
    'https://partner.example/signup',
    'https://partner.example?x=1',
    'https://partner.example#top',
    'https://user:pass@partner.example',
    'https://*.partner.example',
    'http://127.0.0.1:*',
    'https://partner.example:99999',
    'https://partner.example:0',
    'https://',
    '',
  ])('refuses %j', (text) => {
    expect(embedOrigin(text)).toBeNull();
  });
});

describe('embedOriginsSaveRequestSchema', () => {
  it("stores the list normalised, without repeats, in the Admin's order", () => {
    expect(
      embedOriginsSaveRequestSchema.parse({
        origins: ['https://b.example', 'HTTPS://A.example', 'https://b.example/'],
      }),
    ).toEqual({ origins: ['https://b.example', 'https://a.example'] });
    expect(embedOriginsSaveRequestSchema.parse({ origins: [] })).toEqual({ origins: [] });
  });

  it.each([
    [{ origins: ['https://ok.example', 'https://bad.example/path'] }],
    [{ origins: ['https://ok.example', 42] }],
    [{ origins: 'https://ok.example' }],
    [{}],
    [{ origins: Array.from({ length: MAX_EMBED_ORIGINS + 1 }, (_, index) => `https://s${index}.example`) }],
  ])("refuses %j with the list's message", (body) => {
    const result = embedOriginsSaveRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(EMBED_ORIGINS_INVALID);
  });
});
