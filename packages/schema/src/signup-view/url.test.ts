import { describe, expect, it } from 'vitest';
import { fullView, view } from './test-rows';
import { parseSignupView, signupViewToSearchParams } from './url';
import { DEFAULT_SIGNUP_VIEW } from './view';

describe('the view in the URL', () => {
  it('carries the referral filters as referred=… and referrers=yes', () => {
    const params = signupViewToSearchParams(view({ referred: 'not-referred', hasReferrals: true }));
    expect(params.toString()).toBe('referred=not-referred&referrers=yes');
    expect(parseSignupView(new URLSearchParams('referred=referred')).referred).toBe('referred');
    expect(parseSignupView(new URLSearchParams('referrers=yes')).hasReferrals).toBe(true);
  });

  it('carries the invite status filter as invite=…', () => {
    expect(signupViewToSearchParams(view({ invite: 'declined' })).toString()).toBe('invite=declined');
    expect(parseSignupView(new URLSearchParams('invite=waiting')).invite).toBe('waiting');
    expect(parseSignupView(new URLSearchParams('invite=all')).invite).toBe('all');
    expect(parseSignupView(new URLSearchParams('invite=sent')).invite).toBe('all');
  });

  it('carries the source and campaign filters as source=… and campaign=…, empty for the rows without one', () => {
    expect(
      signupViewToSearchParams(view({ source: 'newsletter', campaign: 'launch (spring)' })).toString(),
    ).toBe('source=newsletter&campaign=launch+%28spring%29');
    expect(signupViewToSearchParams(view({ source: '' })).toString()).toBe('source=');
    expect(parseSignupView(new URLSearchParams('source=newsletter&campaign=launch'))).toMatchObject({
      source: 'newsletter',
      campaign: 'launch',
    });
    expect(parseSignupView(new URLSearchParams('source=')).source).toBe('');
    expect(parseSignupView(new URLSearchParams(`source=${'x'.repeat(3000)}`)).source).toBeNull();
  });

  it('round-trips every setting', () => {
    const params = signupViewToSearchParams(fullView);
    expect(parseSignupView(new URLSearchParams(params.toString()))).toEqual(fullView);
  });

  it('writes nothing for the default view, and no time zone without a date', () => {
    expect(signupViewToSearchParams(DEFAULT_SIGNUP_VIEW).toString()).toBe('');
    expect(signupViewToSearchParams(view({ timeZone: 'Asia/Tokyo', search: 'x' })).toString()).toBe('q=x');
    expect(parseSignupView(new URLSearchParams(''))).toEqual(DEFAULT_SIGNUP_VIEW);
  });

  it('ignores junk without throwing', () => {
    const junk = new URLSearchParams(
      'sort=password&dir=up&from=2026-02-30&to=yesterday&tz=Mars/Olympus&status=maybe&referred=all&referrers=1&country=&unknown=1&travelFrequency=&q=' +
        'x'.repeat(3000),
    );
    expect(parseSignupView(junk)).toEqual(DEFAULT_SIGNUP_VIEW);
    expect(parseSignupView(new URLSearchParams('sort=email&dir=sideways')).sort).toEqual({
      key: 'email',
      direction: 'asc',
    });
    expect(parseSignupView(new URLSearchParams('sort=timestamp&dir=desc')).sort).toBeNull();
    expect(parseSignupView(new URLSearchParams('country=Japan&country=Japan')).countries).toEqual(['Japan']);
  });
});
