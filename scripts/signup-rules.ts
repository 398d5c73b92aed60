// The signup field lists of firestore.rules, generated from the signup fields registry
// (@silk/schema/signup-fields): the keys a visitor may write (validSignupWrite's hasOnly list), each
// field's check (length limits, the write's own time, the one source, the edit key hash's) and the keys that
// need the session's edit key (feedbackGuard). Each function sits between marker comments in firestore.rules;
// signup-rules.test.ts fails while the file differs from what the registry makes. Update it with
// `pnpm rules:fields` (`tsx scripts/signup-rules.ts --write`).
import { SIGNUP_FIELDS, type SignupFieldSpec } from '@silk/schema/signup-fields';
import { EMAIL_ADDRESS_PATTERN } from '@silk/schema/validators';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const FIRESTORE_RULES = join(import.meta.dirname, '..', 'firestore.rules');

/** The rules' helpers for text of the registry's usual limits (any other limit is spelt out). */
const TEXT_HELPERS: Readonly<Record<number, string>> = {
  200: 'shortText',
  2000: 'longText',
  254: 'emailText',
};

const INDENT = '    ';
const LIST_INDENT = `${INDENT}      `;
const LINE_WIDTH = 99;

const quoted = (key: string) => `'${key}'`;

/** Text as the body of a rules string in single quotes (the address grammar: backslashes doubled). */
function rulesString(text: string): string {
  if (text.includes("'")) throw new Error('A rules string in single quotes cannot hold a quote.');
  return text.replaceAll('\\', '\\\\');
}

function textCheck(value: string, maxLength: number | undefined): string {
  if (maxLength === undefined) return `${value} is string`;
  const helper = TEXT_HELPERS[maxLength];
  return helper ? `${helper}(${value})` : `(${value} is string && ${value}.size() <= ${maxLength})`;
}

/** Checks made on every write (the field must be there). */
function alwaysChecks(field: SignupFieldSpec): string[] {
  const value = `data.${field.key}`;
  if (field.check === 'id') {
    return [
      textCheck(value, field.maxLength),
      `${value} == id`,
      'id == id.lower()',
      `id.matches('${rulesString(EMAIL_ADDRESS_PATTERN)}')`,
    ];
  }
  if (field.check === 'requestTime') return [`${value} == request.time`];
  return [];
}

/** The check of a field the write sets or changes (left alone otherwise). */
function changedCheck(field: SignupFieldSpec): string | null {
  const value = `data.${field.key}`;
  let check: string;
  switch (field.check) {
    case 'text':
      check = textCheck(value, field.maxLength);
      break;
    case 'pattern':
      check = `(${textCheck(value, field.maxLength)} && ${value}.matches('${rulesString(field.pattern ?? '')}'))`;
      break;
    case 'location':
      check = `validLocation(${value})`;
      break;
    case 'editKeyHash':
      check = 'editKeyHashWrite()';
      break;
    case 'oneOf': {
      const values = field.values ?? [];
      check =
        values.length === 1
          ? `${value} == ${quoted(values[0] ?? '')}`
          : `${value} in [${values.map(quoted).join(', ')}]`;
      break;
    }
    default:
      return null;
  }
  return `(!(${quoted(field.key)} in changed) || ${check})`;
}

/** Keys as a rules list, each group starting a line, lines filled up to LINE_WIDTH. */
function keyList(groups: readonly (readonly string[])[], close: string): string {
  const lines: string[] = [];
  for (const group of groups) {
    let line = '';
    for (const key of group) {
      const item = `${quoted(key)},`;
      if (line !== '' && LIST_INDENT.length + line.length + 1 + item.length > LINE_WIDTH) {
        lines.push(line);
        line = item;
      } else line = line === '' ? item : `${line} ${item}`;
    }
    if (line !== '') lines.push(line);
  }
  // The last key's comma gives way to the list's end.
  return `${lines
    .map((line) => `${LIST_INDENT}${line}`)
    .join('\n')
    .slice(0, -1)}${close}`;
}

const writes = (field: SignupFieldSpec, writer: string) =>
  (field.writtenBy as readonly string[]).includes(writer);

/** The generated functions of firestore.rules, by name. */
export function signupRuleFunctions(fields: readonly SignupFieldSpec[]): Record<string, string> {
  const visitor = fields.filter((field) => writes(field, 'join') || writes(field, 'feedback'));
  const joining = visitor.filter((field) => writes(field, 'join')).map((field) => field.key);
  // Feedback-only fields (the answers and the previous edit key) belong to the session that wrote them.
  const guarded = visitor.filter((field) => !writes(field, 'join')).map((field) => field.key);
  // Attribution belongs to the visit that created the signup: an update may not set or change it.
  const firstWriteOnly = visitor.filter((field) => field.firstWriteOnly === true).map((field) => field.key);
  const checks = [
    ...visitor.flatMap(alwaysChecks),
    ...visitor.map(changedCheck).filter((check) => check !== null),
    ...(firstWriteOnly.length > 0
      ? [`(resource == null || !changed.hasAny([\n${keyList([firstWriteOnly], ']))')}`]
      : []),
    'feedbackGuard(changed)',
  ];
  const validSignupWrite = [
    `${INDENT}function validSignupWrite(id, changed) {`,
    `${INDENT}  let data = request.resource.data;`,
    `${INDENT}  return changed.hasOnly([`,
    keyList([joining, guarded], '])'),
    ...checks.map((check, index) => `${INDENT}    && ${check}${index === checks.length - 1 ? ';' : ''}`),
    `${INDENT}}`,
  ].join('\n');
  const feedbackGuard = [
    `${INDENT}function feedbackGuard(changed) {`,
    `${INDENT}  return !changed.hasAny([`,
    keyList([guarded], '])'),
    `${INDENT}    || holdsEditKey(changed);`,
    `${INDENT}}`,
  ].join('\n');
  return { validSignupWrite, feedbackGuard };
}

const begin = (name: string) =>
  `${INDENT}// generated: ${name} (from the signup fields registry; pnpm rules:fields)`;
const end = (name: string) => `${INDENT}// end generated: ${name}`;

/**
 * The rules text with each generated function written in from `fields` (the registry by default).
 * Throws when a function's markers are missing.
 */
export function withSignupFieldRules(
  rules: string,
  fields: readonly SignupFieldSpec[] = SIGNUP_FIELDS,
): string {
  let updated = rules;
  for (const [name, text] of Object.entries(signupRuleFunctions(fields))) {
    const start = updated.indexOf(`${begin(name)}\n`);
    const stop = updated.indexOf(end(name), start);
    if (start < 0 || stop < 0) throw new Error(`firestore.rules has no generated block for ${name}`);
    updated = `${updated.slice(0, start)}${begin(name)}\n${text}\n${updated.slice(stop)}`;
  }
  return updated;
}

/** Whether the rules' field lists are the registry's (`fields`): what the test checks. */
export function signupRulesMatch(rules: string, fields: readonly SignupFieldSpec[] = SIGNUP_FIELDS): boolean {
  return withSignupFieldRules(rules, fields) === rules;
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  process.argv.includes('--write')
) {
  writeFileSync(FIRESTORE_RULES, withSignupFieldRules(readFileSync(FIRESTORE_RULES, 'utf8')));
  console.log(`Signup field lists written to ${FIRESTORE_RULES}`);
}
