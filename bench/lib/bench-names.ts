// The benchmarks are the TypeScript files at the top of bench/ (bench/<name>.ts), except the runner:
// adding a file adds a benchmark to `pnpm bench`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const BENCH_DIR = join(import.meta.dirname, '..');
const RUNNER = 'run.ts';

export function benchNames(dir = BENCH_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => entry.name)
    .filter((name) => name !== RUNNER)
    .map((name) => name.slice(0, -'.ts'.length))
    .sort();
}
