// The time an answer leaves at, made independent of the work behind it. Adding an address to the
// mailing list is more work for a new address (its subscriber, referral code and confirmation) than for
// a listed one (nothing to write), and no amount of equal reading hides a create: so a public route
// whose work differs with membership answers at the next whole step of time after it started. Both
// kinds of answer then leave at the same step, and its time tells nothing; the step is chosen above the
// new address's usual work (ServerConfig.answerTimeStepMs), so the wait costs a visitor a fraction of a second.
import { setTimeout as sleep } from 'node:timers/promises';

/** How long after `elapsedMs` the next whole step is (0 when the step is 0: no waiting). */
export function waitToNextStep(elapsedMs: number, stepMs: number): number {
  if (stepMs <= 0) return 0;
  return Math.ceil(Math.max(elapsedMs, 1) / stepMs) * stepMs - elapsedMs;
}

/** Runs `work` and settles with its outcome (a value or an error) at the next whole step after it began. */
export async function onTimeStep<T>(
  stepMs: number,
  work: () => Promise<T>,
  now: () => number = performance.now.bind(performance),
): Promise<T> {
  const started = now();
  try {
    return await work();
  } finally {
    await sleep(waitToNextStep(now() - started, stepMs));
  }
}
