// Prints benchmark results as a table against their budgets (DESIGN §8). Benchmarks never fail a test
// run; they report, and exit non-zero only when asked to enforce (BENCH_ENFORCE=1).

export interface Measurement {
  metric: string;
  value: number;
  unit: string;
  /** Absent for figures reported for information only (no budget applies). */
  budget?: number;
  /** 'max': value must be ≤ budget; 'min': value must be ≥ budget. */
  kind: 'max' | 'min';
}

export function withinBudget(measurement: Measurement): boolean {
  if (measurement.budget === undefined) return true;
  return measurement.kind === 'max' ? measurement.value <= measurement.budget : measurement.value >= measurement.budget;
}

export function formatTable(title: string, measurements: Measurement[]): string {
  const rows = measurements.map((m) => [
    m.metric,
    `${round(m.value)} ${m.unit}`,
    m.budget === undefined ? '—' : `${m.kind === 'max' ? '≤' : '≥'} ${m.budget} ${m.unit}`,
    m.budget === undefined ? 'info' : withinBudget(m) ? 'ok' : 'OVER BUDGET',
  ]);
  const header = ['metric', 'measured', 'budget', 'status'];
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  return [
    `\n${title}`,
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

export function report(title: string, measurements: Measurement[]): void {
  console.log(formatTable(title, measurements));
  if (process.env.BENCH_ENFORCE === '1' && !measurements.every(withinBudget)) process.exitCode = 1;
}

function round(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
