// firestore.rules carries the signup fields registry's lists: the keys a visitor may write, each field's
// check and the keys feedbackGuard protects. A field added to the registry fails here until the rules
// are written again (`pnpm rules:fields`).
import { SIGNUP_FIELDS, type SignupFieldSpec } from '@silk/schema/signup-fields';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRESTORE_RULES, signupRuleFunctions, signupRulesMatch, withSignupFieldRules } from './signup-rules';

const rules = readFileSync(FIRESTORE_RULES, 'utf8');

/** The registry with one more feedback question. */
const withExtraQuestion: readonly SignupFieldSpec[] = [
  ...SIGNUP_FIELDS.slice(0, SIGNUP_FIELDS.findIndex((field) => field.key === 'socialMedia') + 1),
  {
    key: 'favouriteAirline',
    writtenBy: ['feedback'],
    check: 'text',
    maxLength: 200,
    column: { header: 'Favourite Airline', width: 160 },
    question: { input: 'text', chart: 'single' },
  },
  ...SIGNUP_FIELDS.slice(SIGNUP_FIELDS.findIndex((field) => field.key === 'socialMedia') + 1),
];

/** The text of one function of the rules, from its header to its closing brace. */
function ruleFunction(text: string, name: string): string {
  const start = text.indexOf(`function ${name}(`);
  return text.slice(start, text.indexOf('\n    }\n', start));
}

/** The quoted keys of a list that follows `call` in a rules function. */
function listAfter(text: string, call: string): string[] {
  const start = text.indexOf(call) + call.length;
  const list = text.slice(start, text.indexOf(']', start));
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1] ?? '');
}

describe('firestore.rules and the signup fields registry', () => {
  it('carry the same field lists (pnpm rules:fields writes them)', () => {
    expect(signupRulesMatch(rules, SIGNUP_FIELDS)).toBe(true);
    expect(withSignupFieldRules(rules)).toBe(rules);
  });

  it('lets visitors write exactly the fields the registry says the browser writes, checked as it says', () => {
    const write = ruleFunction(rules, 'validSignupWrite');
    const visitor = SIGNUP_FIELDS.filter((field) =>
      field.writtenBy.some((by) => by === 'join' || by === 'feedback'),
    );
    expect(listAfter(write, 'changed.hasOnly([')).toEqual(visitor.map((field) => field.key));
    for (const field of SIGNUP_FIELDS.filter((field) => field.writtenBy.every((by) => by === 'server'))) {
      expect(write).not.toContain(`'${field.key}'`);
    }
    expect(write).toContain("&& (!('socialMedia' in changed) || shortText(data.socialMedia))");
    expect(write).toContain("&& (!('suggestionsFeedback' in changed) || longText(data.suggestionsFeedback))");
    expect(write).toContain("&& (!('workEmail' in changed) || emailText(data.workEmail))");
    expect(write).toContain("&& (!('source' in changed) || data.source == 'Homepage Hero')");
    expect(write).toContain('&& data.timestamp == request.time');
    // Attribution is the creating visit's: an update may neither set nor change it.
    const firstWriteOnly = SIGNUP_FIELDS.filter((field: SignupFieldSpec) => field.firstWriteOnly === true);
    expect(firstWriteOnly.map((field) => field.key)).toContain('utmSource');
    expect(listAfter(write, '&& (resource == null || !changed.hasAny([')).toEqual(
      firstWriteOnly.map((field) => field.key),
    );
    const guarded = SIGNUP_FIELDS.filter(
      (field) => !field.writtenBy.some((by) => by === 'join' || by === 'server'),
    );
    expect(listAfter(ruleFunction(rules, 'feedbackGuard'), 'changed.hasAny([')).toEqual(
      guarded.map((field) => field.key),
    );
  });

  it('fails for a registry with a field the rules do not list yet, and passes once they are written', () => {
    expect(signupRulesMatch(rules, withExtraQuestion)).toBe(false);
    const updated = withSignupFieldRules(rules, withExtraQuestion);
    expect(signupRulesMatch(updated, withExtraQuestion)).toBe(true);
    expect(listAfter(ruleFunction(updated, 'validSignupWrite'), 'changed.hasOnly([')).toContain(
      'favouriteAirline',
    );
    expect(ruleFunction(updated, 'validSignupWrite')).toContain(
      "&& (!('favouriteAirline' in changed) || shortText(data.favouriteAirline))",
    );
    expect(listAfter(ruleFunction(updated, 'feedbackGuard'), 'changed.hasAny([')).toContain(
      'favouriteAirline',
    );
    // The real registry no longer matches the updated file.
    expect(signupRulesMatch(updated, SIGNUP_FIELDS)).toBe(false);
  });

  it('spells out a limit the rules have no helper for, and a choice of several values', () => {
    const functions = signupRuleFunctions([
      { key: 'email', writtenBy: ['join'], check: 'id', maxLength: 254 },
      { key: 'nickname', writtenBy: ['feedback'], check: 'text', maxLength: 40 },
      { key: 'channel', writtenBy: ['join'], check: 'oneOf', values: ['Hero', 'Footer'] },
    ]);
    expect(functions.validSignupWrite).toContain(
      "(!('nickname' in changed) || (data.nickname is string && data.nickname.size() <= 40))",
    );
    expect(functions.validSignupWrite).toContain(
      "(!('channel' in changed) || data.channel in ['Hero', 'Footer'])",
    );
  });

  it('refuses a rules file without the generated blocks', () => {
    expect(() =>
      withSignupFieldRules(rules.replaceAll('// generated: feedbackGuard', '// feedbackGuard')),
    ).toThrow(/feedbackGuard/);
  });
});
