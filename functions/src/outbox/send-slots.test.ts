import { describe, expect, it } from 'vitest';
import { SLOT_MARGIN_MS, slotSpacingMs } from './send-slots';

/** The slots as reserveSendSlots hands them out: rounded up to the millisecond. */
const slots = (count: number, rate: number, start = 1_000_003) =>
  Array.from({ length: count }, (_, index) => Math.ceil(start + index * slotSpacingMs(rate)));

/** The most sends any second [t, t + 1000) can hold when each goes out up to SLOT_MARGIN_MS after its slot. */
function mostInOneSecond(times: number[]): number {
  let most = 0;
  const first = times[0] as number;
  const last = times[times.length - 1] as number;
  for (let t = first - 1000; t <= last + SLOT_MARGIN_MS; t += 1) {
    // A slot at s can be sent at any time in [s, s + margin]: it can fall in the second if that range meets it.
    const inside = times.filter((s) => s + SLOT_MARGIN_MS >= t && s < t + 1000).length;
    most = Math.max(most, inside);
  }
  return most;
}

describe('send slots', () => {
  it.each([1, 4, 7, 10, 40, 100, 333])(
    'let no second hold more than a rate of %i, however late within the margin each mail goes',
    (rate) => {
      expect(mostInOneSecond(slots(3 * rate, rate))).toBeLessThanOrEqual(rate);
    },
  );

  it('lose no more of the rate to the margin than its share of a second', () => {
    expect(1000 / slotSpacingMs(100)).toBeGreaterThan(97);
    expect(1000 / slotSpacingMs(10)).toBeGreaterThan(9.7);
  });
});
