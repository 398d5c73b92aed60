import { describe, expect, it } from 'vitest';
import { formatPlace, shareTargets } from './share-links';

describe('shareTargets', () => {
  const link = 'https://silk.travel/?ref=abcd2345';

  it('lists e-mail, X, WhatsApp and LinkedIn with the link encoded in each', () => {
    const targets = shareTargets(link);
    expect(targets.map((target) => target.id)).toEqual(['email', 'x', 'whatsapp', 'linkedin']);
    for (const target of targets) expect(target.href).toContain(encodeURIComponent(link));
  });

  it('opens each service at its share address', () => {
    const hrefs = shareTargets(link).map((target) => new URL(target.href));
    expect(hrefs.map((url) => (url.protocol === 'mailto:' ? 'mailto' : url.host))).toEqual([
      'mailto',
      'x.com',
      'wa.me',
      'www.linkedin.com',
    ]);
    expect(hrefs[3]?.searchParams.get('url')).toBe(link);
  });
});

describe('formatPlace', () => {
  it('groups thousands', () => {
    expect(formatPlace(1234, 56789)).toBe('#1,234 of 56,789');
    expect(formatPlace(1, 1)).toBe('#1 of 1');
  });
});
