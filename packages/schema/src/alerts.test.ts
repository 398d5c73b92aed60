import { describe, expect, it } from 'vitest';
import { crossedMilestones, maskAlertUrl, platformOf, SIGNUP_MILESTONES } from './alerts';

describe('platformOf', () => {
  it.each([
    ['https://hooks.slack.com/services/T000/B000/XXXX', 'slack'],
    ['https://discord.com/api/webhooks/123/abc-DEF', 'discord'],
    ['https://discordapp.com/api/webhooks/123/abc', 'discord'],
    ['https://ptb.discord.com/api/webhooks/123/abc', 'discord'],
  ] as const)('tells %s is a %s hook by its host and path', (url, kind) => {
    expect(platformOf(url)).toBe(kind);
  });

  it.each([
    'http://hooks.slack.com/services/T000/B000/XXXX',
    'https://hooks.slack.com/other/T000',
    'https://slack.com/services/T000/B000/XXXX',
    'https://hooks.slack.com.evil.test/services/T000/B000/XXXX',
    'https://discord.com/channels/123',
    'https://evil.test/api/webhooks/123/abc',
    'https://example.com/hook',
    'not a url',
  ])('takes %s for no platform', (url) => {
    expect(platformOf(url)).toBeNull();
  });
});

describe('maskAlertUrl', () => {
  it('hides the token (the last path segment) and the query, keeping the rest', () => {
    expect(maskAlertUrl('https://hooks.slack.com/services/T000/B000/XXXXsecret')).toBe(
      'https://hooks.slack.com/services/T000/B000/…',
    );
    expect(maskAlertUrl('https://discord.com/api/webhooks/123/tok-en?wait=true')).toBe(
      'https://discord.com/api/webhooks/123/…',
    );
    expect(maskAlertUrl('http://127.0.0.1:4000/slack/T1/B2/secret')).toBe(
      'http://127.0.0.1:4000/slack/T1/B2/…',
    );
  });
});

describe('crossedMilestones', () => {
  it('names each milestone the total rose past or onto, once', () => {
    expect(SIGNUP_MILESTONES).toEqual([100, 1_000, 10_000, 100_000, 1_000_000]);
    expect(crossedMilestones(99, 100)).toEqual([100]);
    expect(crossedMilestones(100, 101)).toEqual([]);
    expect(crossedMilestones(50, 1_500)).toEqual([100, 1_000]);
    expect(crossedMilestones(9_990, 10_010)).toEqual([10_000]);
  });

  it('names none when the total falls or stays', () => {
    expect(crossedMilestones(101, 99)).toEqual([]);
    expect(crossedMilestones(100, 100)).toEqual([]);
  });
});
