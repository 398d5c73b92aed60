// Prints benchmark results as a table against their budgets (DESIGN §8) and writes the figures to
// bench/results/<bench>.json, so that runs can be compared. Benchmarks never fail a test run; they
// report, and exit non-zero only when asked to enforce (BENCH_ENFORCE=1). Every results file carries a
// `machine` block (CPU, cores, load, a fixed calibration workload's time) so that figures taken on two
// machines can be compared, and says whether the machine was quiet enough for the budgets to count.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
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

export type Figures = { [key: string]: number | string | string[] | Figures };

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
      if (typeof child !== 'object' || Array.isArray(child)) throw new Error(`results key ${key}: ${part} already holds a figure`);
      node = child;
    }
    if (leaf in node) throw new Error(`results key ${key} is reported twice`);
    node[leaf] = value;
  }
  return figures;
}

/** The machine a run was measured on. */
export type Machine = {
  cpuModel: string;
  cores: number;
  /** `uptime`'s load averages when the figures were written. */
  loadAverage: { oneMinute: number; fiveMinutes: number; fifteenMinutes: number };
  /** The median time of the fixed calibration workload (calibrationWorkload), in ms. */
  calibrationMs: number;
  node: string;
  /** 'yes', or 'no: <why>' when the machine was too busy for the run's budgets to count (budgetsCount). */
  budgetsCount: string;
};

/** What the calibration workload computes (it always computes the same). */
export const CALIBRATION_CHECKSUM = 496_149_968;
const CALIBRATION_ITERATIONS = 20_000_000;

/**
 * A fixed, deterministic single-threaded workload: 20 million steps of a xorshift generator mixed into a
 * checksum (integer arithmetic, no allocation, no I/O), ~50–150 ms. Its time is the machine's speed for
 * one thread of JavaScript: comparing two machines' calibration times scales their figures.
 */
export function calibrationWorkload(iterations = CALIBRATION_ITERATIONS): number {
  let state = 0x2545_f491;
  let checksum = 0;
  for (let i = 0; i < iterations; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    checksum = (checksum + (state >>> 0) * 31 + i) >>> 0;
  }
  return checksum;
}

/** The median time of `runs` calibration workloads, in ms (throws if the workload computed otherwise). */
export function calibrationMs(runs = 5): number {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const checksum = calibrationWorkload();
    times.push(performance.now() - started);
    if (checksum !== CALIBRATION_CHECKSUM) throw new Error(`calibration computed ${checksum}, not ${CALIBRATION_CHECKSUM}`);
  }
  times.sort((a, b) => a - b);
  return Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10;
}

/**
 * Whether a run's budgets count: only on a quiet machine, whose 1-minute load average stayed below its
 * core count (README, "Comparing figures"). 'yes', or 'no: ' and why.
 */
export function budgetsCount({ cores, oneMinuteLoad }: { cores: number; oneMinuteLoad: number }): string {
  return oneMinuteLoad < cores
    ? 'yes'
    : `no: the 1-minute load average was ${oneMinuteLoad}, not below the ${cores} cores`;
}

export function machine(runs = 5): Machine {
  const [oneMinute = 0, fiveMinutes = 0, fifteenMinutes = 0] = loadavg().map((load) => Math.round(load * 100) / 100);
  const cores = cpus().length;
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores,
    loadAverage: { oneMinute, fiveMinutes, fifteenMinutes },
    calibrationMs: calibrationMs(runs),
    node: process.version,
    budgetsCount: budgetsCount({ cores, oneMinuteLoad: oneMinute }),
  };
}

/** Figures reported so far by this process, per benchmark (a benchmark may print several tables). */
const reported = new Map<string, Figures>();

/** Prints the table and (re)writes bench/results/<bench>.json with every figure this run has reported. */
/** `labels`: facts about the run written beside the figures (e.g. which data path was measured). */
/** The `machine` block is measured at the process's first report, after the bench's own work. */
export function report(bench: string, title: string, measurements: Measurement[], labels: Figures = {}): void {
  console.log(formatTable(title, measurements));
  const figures = addFigures({ ...(reported.get(bench) ?? {}), ...labels }, measurements);
  figures.machine ??= machine();
  reported.set(bench, figures);
  const { budgetsCount: verdict, loadAverage } = figures.machine as Machine;
  console.log(
    verdict === 'yes'
      ? `machine quiet enough for the budgets to count (1-minute load ${loadAverage.oneMinute})`
      : `THE BUDGETS DO NOT COUNT for this run, the machine was too busy (${verdict.slice('no: '.length)}): compare the figures, not the verdicts`,
  );
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${bench}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`figures written to ${file}`);
  if (process.env.BENCH_ENFORCE === '1' && !measurements.every(withinBudget)) process.exitCode = 1;
}

function round(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
