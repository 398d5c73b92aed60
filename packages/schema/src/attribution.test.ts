import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_LABELS,
  formPostAttribution,
  isAttributionValue,
  validAttribution,
  visitAttribution,
} from './attribution';
import { ATTRIBUTION_SIGNUP_FIELDS, MAX_LANDING_PATH_LENGTH, MAX_UTM_LENGTH } from './signup-fields';

const SITE = 'https://silk.example';

describe('visitAttribution', () => {
  it('reads the five UTM parameters, the path without its query, and another site’s host', () => {
    expect(
      visitAttribution(
        `${SITE}/?utm_source=newsletter&utm_medium=email&utm_campaign=launch&utm_term=ai+travel&utm_content=hero%20link&ref=abc`,
        'https://News.Example.COM:8443/issue/12?x=1',
      ),
    ).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'launch',
      utmTerm: 'ai travel',
      utmContent: 'hero link',
      referrerHost: 'news.example.com',
      landingPath: '/',
    });
  });

  it('leaves out what the visit does not carry, and the site’s own host as a referrer', () => {
    expect(visitAttribution(`${SITE}/faq?utm_source=x`, `${SITE}/privacy`)).toEqual({
      utmSource: 'x',
      landingPath: '/faq',
    });
    expect(visitAttribution(`${SITE}/`, '')).toEqual({ landingPath: '/' });
    expect(visitAttribution(`${SITE}/`, null)).toEqual({ landingPath: '/' });
    expect(visitAttribution(`${SITE}/`, 'android-app://com.example.mail/')).toEqual({ landingPath: '/' });
  });

  it('drops — never cleans — a value with characters or a length the registry refuses', () => {
    const long = 'a'.repeat(MAX_UTM_LENGTH + 1);
    expect(
      visitAttribution(
        `${SITE}/?utm_source=${encodeURIComponent('news<script>')}&utm_medium=${long}&utm_campaign=&utm_term=${encodeURIComponent('spring "sale"')}&utm_content=${'b'.repeat(MAX_UTM_LENGTH)}`,
        'https://[2001:db8::1]/',
      ),
    ).toEqual({ utmContent: 'b'.repeat(MAX_UTM_LENGTH), landingPath: '/' });
    expect(visitAttribution(`${SITE}/${'p'.repeat(MAX_LANDING_PATH_LENGTH)}`)).toEqual({});
    expect(visitAttribution(`${SITE}/${'p'.repeat(MAX_LANDING_PATH_LENGTH - 1)}`).landingPath).toHaveLength(
      MAX_LANDING_PATH_LENGTH,
    );
    // A non-ASCII path is kept as the URL spells it (percent-encoded); a non-ASCII tag is dropped.
    expect(visitAttribution(`${SITE}/café?utm_source=café`)).toEqual({ landingPath: '/caf%C3%A9' });
  });

  it('gives nothing for a landing URL that does not parse', () => {
    expect(visitAttribution('not a url', 'https://a.example/')).toEqual({});
    expect(visitAttribution('', 'https://a.example/')).toEqual({});
  });
});

describe('formPostAttribution', () => {
  it('reads the posting page’s URL: its UTM parameters and path, never a referring site', () => {
    expect(formPostAttribution(`${SITE}/?utm_source=newsletter&utm_campaign=launch`)).toEqual({
      utmSource: 'newsletter',
      utmCampaign: 'launch',
      landingPath: '/',
    });
    expect(formPostAttribution(undefined)).toEqual({});
    expect(formPostAttribution('::')).toEqual({});
  });
});

describe('validAttribution', () => {
  it('keeps exactly the registry’s fields whose values pass', () => {
    expect(
      validAttribution({
        utmSource: 'newsletter',
        utmMedium: 42,
        utmCampaign: ['launch'],
        referrerHost: 'Upper.Example',
        landingPath: 'no-slash',
        other: 'x',
      }),
    ).toEqual({ utmSource: 'newsletter' });
    expect(validAttribution(null)).toEqual({});
    expect(validAttribution('utmSource')).toEqual({});
  });

  it('checks each field by its own pattern', () => {
    expect(isAttributionValue('referrerHost', 'news.example.com')).toBe(true);
    expect(isAttributionValue('referrerHost', 'news.example.com:80')).toBe(false);
    expect(isAttributionValue('landingPath', '/a/b')).toBe(true);
    expect(isAttributionValue('utmSource', 'a|b (c) d@e:f/g~h+i.j_k-l')).toBe(true);
    expect(isAttributionValue('utmSource', 'tab\tnot')).toBe(false);
    expect(isAttributionValue('email', 'a@b.co')).toBe(false);
  });
});

it('names every attribution field', () => {
  expect(Object.keys(ATTRIBUTION_LABELS)).toEqual(ATTRIBUTION_SIGNUP_FIELDS.map(({ key }) => key));
});
