// A benchmark's numeric options, read from the environment (each file's header lists its own).

/** The number in the environment variable `name`, or `fallback` when it is not set. */
export function envNumber(name: string, fallback: number): number {
  return Number(process.env[name] ?? fallback);
}
