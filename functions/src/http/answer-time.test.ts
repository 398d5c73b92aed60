import { describe, expect, it } from 'vitest';
import { onTimeStep, waitToNextStep } from './answer-time';

describe('waitToNextStep', () => {
  it.each([
    [1, 300, 299],
    [120, 300, 180],
    [299.5, 300, 0.5],
    [300, 300, 0],
    [301, 300, 299],
    [0, 300, 300],
    [450, 0, 0],
  ])('after %s ms with a %s ms step waits %s ms', (elapsed, step, wait) => {
    expect(waitToNextStep(elapsed, step)).toBeCloseTo(wait, 6);
  });
});

describe('onTimeStep', () => {
  it('settles quick and slower work at the same step, with its value', async () => {
    const timed = async (workMs: number) => {
      const started = performance.now();
      const value = await onTimeStep(
        200,
        () => new Promise<number>((resolve) => setTimeout(() => resolve(workMs), workMs)),
      );
      return { value, took: performance.now() - started };
    };
    const [quick, slower] = await Promise.all([timed(5), timed(120)]);
    expect([quick.value, slower.value]).toEqual([5, 120]);
    for (const { took } of [quick, slower]) {
      expect(took).toBeGreaterThanOrEqual(199);
      expect(took).toBeLessThan(400);
    }
  });

  it('settles a failure at the step too, with its error', async () => {
    const started = performance.now();
    await expect(onTimeStep(150, () => Promise.reject(new Error('lock timeout')))).rejects.toThrow(
      'lock timeout',
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(149);
  });
});
