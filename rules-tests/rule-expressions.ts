// Finds every boolean expression of a rules file (each operand of &&, ||, !, ?: and every
// condition, return value and let binding) so that the emulator's coverage report can be checked
// against it: the report lists only the expressions that were evaluated.

export interface RuleExpression {
  start: number;
  end: number;
  text: string;
  line: number;
}

/** Replaces comments and string contents by spaces, keeping every offset. */
export function maskRules(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i]!;
    if (ch === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') {
        out += ' ';
        i += 1;
      }
      out += source[i] ?? '';
      continue;
    }
    if (ch === "'" || ch === '"') {
      out += ch;
      i += 1;
      while (i < source.length && source[i] !== ch) {
        if (source[i] === '\\') {
          out += ' ';
          i += 1;
        }
        out += source[i] === '\n' ? '\n' : ' ';
        i += 1;
      }
      out += source[i] ?? '';
      continue;
    }
    out += ch;
  }
  return out;
}

const OPEN = '([{';
const CLOSE = ')]}';

/** Offsets (in masked) of a two-character operator at bracket depth 0 within [start, end). */
function topLevel(masked: string, start: number, end: number, operator: string): number[] {
  const found: number[] = [];
  let depth = 0;
  for (let i = start; i < end; i += 1) {
    const ch = masked[i]!;
    if (OPEN.includes(ch)) depth += 1;
    else if (CLOSE.includes(ch)) depth -= 1;
    else if (depth === 0 && masked.startsWith(operator, i)) {
      found.push(i);
      i += operator.length - 1;
    }
  }
  return found;
}

function matchingClose(masked: string, open: number): number {
  let depth = 0;
  for (let i = open; i < masked.length; i += 1) {
    if (OPEN.includes(masked[i]!)) depth += 1;
    else if (CLOSE.includes(masked[i]!)) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function lineOf(source: string, offset: number): number {
  return source.slice(0, offset).split('\n').length;
}

export function ruleExpressions(source: string): RuleExpression[] {
  const masked = maskRules(source);
  const found: RuleExpression[] = [];

  const visit = (rawStart: number, rawEnd: number) => {
    let start = rawStart;
    let end = rawEnd;
    while (start < end && /\s/.test(masked[start]!)) start += 1;
    while (end > start && /\s/.test(masked[end - 1]!)) end -= 1;
    if (start >= end) return;
    if (masked[start] === '(' && matchingClose(masked, start) === end - 1) {
      visit(start + 1, end - 1);
      return;
    }
    found.push({ start, end, text: source.slice(start, end), line: lineOf(source, start) });
    for (const operator of ['||', '&&']) {
      const at = topLevel(masked, start, end, operator);
      if (at.length > 0) {
        let from = start;
        for (const offset of at) {
          visit(from, offset);
          from = offset + operator.length;
        }
        visit(from, end);
        return;
      }
    }
    const question = topLevel(masked, start, end, '?');
    if (question.length > 0) {
      const colon = topLevel(masked, question[0]! + 1, end, ':');
      visit(start, question[0]!);
      visit(question[0]! + 1, colon[0]!);
      visit(colon[0]! + 1, end);
      return;
    }
    if (masked[start] === '!' && masked[start + 1] !== '=') visit(start + 1, end);
  };

  const statement = /\b(return|if|let\s+\w+\s*=)\s/g;
  for (let match = statement.exec(masked); match; match = statement.exec(masked)) {
    const from = match.index + match[0].length;
    const semicolon = topLevel(masked, from, masked.length, ';')[0] ?? masked.length;
    // `allow ...: if cond;` and `return expr;` and `let x = expr;`
    visit(from, semicolon);
  }
  return found;
}
