// The digest's windows: an event's creation time decides its window; the lead and the digest of a window
// are one delivery each per type and endpoint, and the digest is due when its window ends. (Which event
// leads, and that the rest join the digest, is the emulator test's: it takes Firestore's `create`.)
import { describe, expect, it } from 'vitest';
import { digestDeliveryId, digestWindow, leadDeliveryId } from './alert-digest';

const WINDOW = 60_000;
const start = Date.parse('2026-11-27T12:00:00Z');

describe('digestWindow', () => {
  it('puts the events of one window together and the next millisecond in the next', () => {
    const first = digestWindow(start, WINDOW);
    expect(first).toEqual({ index: start / WINDOW, from: start, to: start + WINDOW });
    expect(digestWindow(start + 59_999, WINDOW)).toEqual(first);
    expect(digestWindow(start + 60_000, WINDOW)).toEqual({
      index: start / WINDOW + 1,
      from: start + WINDOW,
      to: start + 2 * WINDOW,
    });
  });

  it('makes a burst of 200 over 90 seconds two windows: at most four messages, not 200', () => {
    const times = Array.from({ length: 200 }, (_, index) => start + 30_000 + index * 450);
    const windows = new Set(times.map((at) => digestWindow(at, WINDOW).index));
    expect(windows.size).toBe(2);
    const deliveries = new Set(
      times.flatMap((at) => {
        const window = digestWindow(at, WINDOW);
        return [
          leadDeliveryId('signup.created', window, 'e1'),
          digestDeliveryId('signup.created', window, 'e1'),
        ];
      }),
    );
    expect(deliveries.size).toBe(4);
  });
});

describe('delivery ids', () => {
  it("name the type, the window and the endpoint, in the redeliver route's id alphabet", () => {
    const window = digestWindow(start, WINDOW);
    const lead = leadDeliveryId('signup.created', window, 'abc123');
    const digest = digestDeliveryId('delivery.failed', window, 'abc123');
    expect(lead).toBe(`signup.created.${window.index}.lead_abc123`);
    expect(digest).toBe(`delivery.failed.${window.index}.digest_abc123`);
    for (const id of [lead, digest]) expect(id).toMatch(/^[A-Za-z0-9_.:-]{1,200}$/);
    expect(leadDeliveryId('signup.created', window, 'other')).not.toBe(lead);
  });
});
