// Prints benchmark results as a table against their budgets (DESIGN §8) and writes the figures to
// bench/results/<bench>.json, so that runs can be compared. Benchmarks never fail a test run; they
// report, and exit non-zero only when asked to enforce (BENCH_ENFORCE=1).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RESULTS_DIR = join(import.meta.dirname, '..', 'results');

export interface Measurement {
  /** Where the value goes in the results JSON: a dotted path, e.g. `formatting.seconds` or `/.tbtMs`. */
  key: string;
  metric: string;
  value: number;
  unit: string;
  /** Absent for figures reported for information only (no budget applies). */
  budget?: number;
  /** 'max': value must be ≤ budget; 'min': value must be ≥ budget. */
  kind: 'max' | 'min';
}

export type Figures = { [key: string]: number | string | Figures };

export function withinBudget(measurement: Measurement): boolean {
  if (measurement.budget === undefined) return true;
  return measurement.kind === 'max'
    ? measurement.value <= measurement.budget
    : measurement.value >= measurement.budget;
}

export function formatTable(title: string, measurements: Measurement[]): string {
  const rows = measurements.map((m) => [
    m.metric,
    `${round(m.value)} ${m.unit}`,
    m.budget === undefined ? '—' : `${m.kind === 'max' ? '≤' : '≥'} ${m.budget} ${m.unit}`,
    m.budget === undefined ? 'info' : withinBudget(m) ? 'ok' : 'OVER BUDGET',
  ]);
  const header = ['metric', 'measured', 'budget', 'status'];
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(' | ')} |`;
  return [
    `\n${title}`,
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

/** Adds each measurement's value to `figures` at its key's path. */
export function addFigures(figures: Figures, measurements: Measurement[]): Figures {
  for (const { key, value } of measurements) {
    const parents = key.split('.').slice(0, -1);
    const leaf = key.slice(key.lastIndexOf('.') + 1);
    let node = figures;
    for (const part of parents) {
      const child = (node[part] ??= {});
      if (typeof child !== 'object') throw new Error(`results key ${key}: ${part} already holds a figure`);
      node = child;
    }
    if (leaf in node) throw new Error(`results key ${key} is reported twice`);
    node[leaf] = value;
  }
  return figures;
}

/** Figures reported so far by this process, per benchmark (a benchmark may print several tables). */
const reported = new Map<string, Figures>();

/** Prints the table and (re)writes bench/results/<bench>.json with every figure this run has reported. */
/** `labels`: facts about the run written beside the figures (e.g. which data path was measured). */
export function report(bench: string, title: string, measurements: Measurement[], labels: Record<string, string> = {}): void {
  console.log(formatTable(title, measurements));
  const figures = addFigures({ ...(reported.get(bench) ?? {}), ...labels }, measurements);
  reported.set(bench, figures);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${bench}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`figures written to ${file}`);
  if (process.env.BENCH_ENFORCE === '1' && !measurements.every(withinBudget)) process.exitCode = 1;
}

function round(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
