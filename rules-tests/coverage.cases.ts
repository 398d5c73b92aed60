// The emulator's rules coverage report: saved as HTML under test-results/ and checked so that no
// expression of firestore.rules was left unevaluated by the cases before it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleExpressions } from './rule-expressions';

interface CoverageNode {
  sourcePosition: { line: number; column: number; currentOffset: number; endOffset: number };
  values?: Array<{
    value: { boolValue?: boolean; undefined?: unknown } & Record<string, unknown>;
    count: number;
  }>;
  children?: CoverageNode[];
}

interface CoverageReport {
  rules: { files: Array<{ content: string }> };
  report: CoverageNode[];
}

const RESULTS_DIR = process.env.SILK_TEST_RESULTS ?? join(import.meta.dirname, '..', 'test-results');

export function coverageCases(projectId: string): void {
  describe('rules coverage report', () => {
    const base = () =>
      `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${projectId}:ruleCoverage`;

    it('is saved as HTML under test-results/', async () => {
      const response = await fetch(`${base()}.html`);
      expect(response.ok).toBe(true);
      const html = await response.text();
      expect(html).toContain('Firestore Rule Coverage Report');
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(join(RESULTS_DIR, 'firestore-rules-coverage.html'), html);
    });

    it('shows every rule expression evaluated', async () => {
      const response = await fetch(base());
      const coverage = (await response.json()) as CoverageReport;
      const source = coverage.rules.files[0]!.content;
      // The report holds only evaluated expressions. Its end offsets are approximate (a call ends at
      // its name), so an expression counts as evaluated when a reported node starts where it starts
      // (or at the parenthesis just before it): every node starting there is the expression itself
      // or a leading part of it, which is evaluated only while the expression is.
      const evaluated = new Set<number>();
      const walk = (node: CoverageNode) => {
        if ((node.values ?? []).some((value) => value.count > 0))
          evaluated.add(node.sourcePosition.currentOffset);
        node.children?.forEach(walk);
      };
      coverage.report.forEach(walk);
      const expressions = ruleExpressions(source);
      expect(expressions.length).toBeGreaterThan(100);
      // A bare literal (`allow get: if true`) is a constant, never a node of the report.
      const LITERAL = /^(true|false|null|'[^']*'|"[^"]*"|-?\d+(\.\d+)?)$/;
      const unevaluated = expressions
        .filter((expression) => !LITERAL.test(expression.text.trim()))
        .filter((expression) => {
          for (let start = expression.start; start >= 0; start -= 1) {
            if (evaluated.has(start)) return false;
            if (start < expression.start && source[start] !== '(') return true;
          }
          return true;
        })
        .map((expression) => `line ${expression.line}: ${expression.text.replace(/\s+/g, ' ')}`);
      expect(unevaluated).toEqual([]);
    });

    it('shows every allow condition and boolean function both granting and refusing', async () => {
      const response = await fetch(base());
      const coverage = (await response.json()) as CoverageReport;
      const source = coverage.rules.files[0]!.content;
      // The report's roots are the allow conditions and the function bodies.
      const oneWay = coverage.report
        .filter((root) => (root.values ?? []).some((value) => 'boolValue' in value.value))
        .filter((root) => {
          const outcomes = (root.values ?? []).filter((value) => value.count > 0).map((value) => value.value);
          const granted = outcomes.some((value) => value.boolValue === true);
          // Refused: false, or an evaluation error (e.g. reading a field of a missing document).
          const refused = outcomes.some(
            (value) =>
              value.boolValue === false ||
              Boolean((value.undefined as { causeMessage?: string } | undefined)?.causeMessage),
          );
          return !(granted && refused);
        })
        .map((root) => {
          const { line, currentOffset, endOffset } = root.sourcePosition;
          return `line ${line}: ${source
            .slice(currentOffset, endOffset + 1)
            .replace(/\s+/g, ' ')
            .slice(0, 80)}`;
        });
      expect(coverage.report.length).toBeGreaterThan(10); // a report, not an empty list
      expect(oneWay).toEqual([]);
    });
  });
}
