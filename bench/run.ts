// `pnpm bench <name> [args…]`: runs bench/<name>.ts with the remaining arguments, in its own process
// (as `tsx bench/<name>.ts` would), and exits with its code.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BENCH_DIR, benchNames } from './lib/bench-names';

const [name, ...args] = process.argv.slice(2).filter((arg) => arg !== '--');
const names = benchNames();
if (!name || !names.includes(name)) {
  console.error(`Usage: pnpm bench <name> [args…]   where <name> is one of: ${names.join(', ')}`);
  process.exit(2);
}
// process.execArgv carries tsx's loader, so the child runs TypeScript like this process does.
const child = spawn(process.execPath, [...process.execArgv, join(BENCH_DIR, `${name}.ts`), ...args], {
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
