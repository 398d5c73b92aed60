// firestore.rules names roles as text ('Admin' in … get('roles', [])): each name it uses must be a role
// of roles.ts, and the rules must grant by the same roles as the code (canManageTeam: ADMIN_ROLE). A
// role renamed in roles.ts fails here until the rules follow.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROLE, ROLES } from './roles';

const RULES = readFileSync(join(import.meta.dirname, '../../../firestore.rules'), 'utf8');

/** The rules without their `//` comments (a `//` inside a string is kept). */
function withoutComments(source: string): string {
  return source
    .split('\n')
    .map((line) => {
      let quote: string | null = null;
      for (let i = 0; i < line.length; i += 1) {
        const ch = line[i];
        if (quote) {
          if (ch === '\\') i += 1;
          else if (ch === quote) quote = null;
        } else if (ch === "'" || ch === '"') quote = ch;
        else if (ch === '/' && line[i + 1] === '/') return line.slice(0, i);
      }
      return line;
    })
    .join('\n');
}

const STRING = String.raw`(?:'[^']*'|"[^"]*")`;
const ROLES_FIELD = String.raw`\.get\(\s*['"]roles['"]\s*,\s*\[\s*\]\s*\)`;
/** 'Name' in ….get('roles', []) */
const NAME_IN_ROLES = new RegExp(String.raw`(${STRING})\s+in\s+[\w.()]*?${ROLES_FIELD}`, 'g');
/** ….get('roles', []).hasAny(['A', 'B']) (and hasAll, hasOnly) */
const ROLES_HAS = new RegExp(String.raw`${ROLES_FIELD}\.has(?:Any|All|Only)\(\s*\[([^\]]*)\]\s*\)`, 'g');

const unquote = (literal: string) => literal.trim().slice(1, -1);

function lineAt(text: string, index: number): string {
  const end = text.indexOf('\n', index);
  return text.slice(text.lastIndexOf('\n', index) + 1, end < 0 ? undefined : end).trim();
}

/**
 * The role names a rules source tests, and every use of `roles` it has that is in neither form above
 * (which this check cannot read, so it refuses them rather than miss a role).
 */
function rolesInRules(source: string): { names: string[]; unread: string[] } {
  const code = withoutComments(source);
  const names: string[] = [];
  const read: Array<[number, number]> = [];
  for (const match of code.matchAll(NAME_IN_ROLES)) {
    names.push(unquote(match[1] ?? ''));
    read.push([match.index, match.index + match[0].length]);
  }
  for (const match of code.matchAll(ROLES_HAS)) {
    names.push(...((match[1] ?? '').match(new RegExp(STRING, 'g')) ?? []).map(unquote));
    read.push([match.index, match.index + match[0].length]);
  }
  const unread = [...code.matchAll(/\broles\b/g)]
    .filter(({ index }) => !read.some(([start, end]) => index >= start && index < end))
    .map(({ index }) => lineAt(code, index));
  return { names, unread };
}

describe('rolesInRules (reads role names out of rules text)', () => {
  it('reads `in` tests and hasAny / hasAll lists, ignoring comments', () => {
    const source = [
      "return 'Admin' in myStaff().get('roles', []); // 'Director' in myStaff().get('roles', [])",
      "allow read: if myStaff().get('roles', []).hasAny(['Director', \"Staff\"]);",
    ].join('\n');
    expect(rolesInRules(source)).toEqual({ names: ['Admin', 'Director', 'Staff'], unread: [] });
  });

  it('reports a use of roles in another form', () => {
    expect(rolesInRules('allow read: if resource.data.roles.size() > 0;').unread).toEqual([
      'allow read: if resource.data.roles.size() > 0;',
    ]);
  });
});

describe('the roles firestore.rules grants by', () => {
  const { names, unread } = rolesInRules(RULES);

  it('are all read by this check', () => {
    expect(unread).toEqual([]);
    expect(names.length).toBeGreaterThan(0);
  });

  it('are roles of roles.ts', () => {
    expect(names.filter((name) => !(ROLES as readonly string[]).includes(name))).toEqual([]);
  });

  it('are exactly the roles the code grants by (Admin, as canManageTeam)', () => {
    expect([...new Set(names)]).toEqual([ADMIN_ROLE]);
  });
});
