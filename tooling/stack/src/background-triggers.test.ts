// withoutBackgroundTriggers against a stand-in emulator hub that records the switches it is asked for:
// overlapping pauses share one, so the triggers stay off under every caller's writes and each enable
// follows a disable (the schedule clock reads the trigger generation from that).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withoutBackgroundTriggers } from './stack';

const switches: string[] = [];
let hub: Server;
let savedHub: string | undefined;

beforeAll(async () => {
  hub = createServer((request, response) => {
    switches.push(request.url ?? '');
    // An answer that takes a moment, as the emulator's does (it flushes its work queue first).
    setTimeout(() => response.writeHead(200).end(), 20);
  });
  await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
  savedHub = process.env.FIREBASE_EMULATOR_HUB;
  process.env.FIREBASE_EMULATOR_HUB = `127.0.0.1:${(hub.address() as AddressInfo).port}`;
});

afterAll(async () => {
  process.env.FIREBASE_EMULATOR_HUB = savedHub;
  await new Promise((resolve) => hub.close(resolve));
});

beforeEach(() => {
  switches.length = 0;
});

const DISABLE = '/functions/disableBackgroundTriggers';
const ENABLE = '/functions/enableBackgroundTriggers';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withoutBackgroundTriggers', () => {
  it('disables the triggers before the writes and enables them after, returning what the writes return', async () => {
    const result = await withoutBackgroundTriggers(async () => {
      expect(switches).toEqual([DISABLE]);
      return 'written';
    });
    expect(result).toBe('written');
    expect(switches).toEqual([DISABLE, ENABLE]);
  });

  it('shares one pause among overlapping callers: the triggers stay off until the last one finishes', async () => {
    const seenDuringWrites: string[][] = [];
    await Promise.all(
      [10, 60, 30].map((ms) =>
        withoutBackgroundTriggers(async () => {
          seenDuringWrites.push([...switches]);
          await pause(ms);
          seenDuringWrites.push([...switches]);
        }),
      ),
    );
    for (const seen of seenDuringWrites) expect(seen).toEqual([DISABLE]);
    expect(switches).toEqual([DISABLE, ENABLE]);
  });

  it('enables the triggers again when the writes fail, and a later pause disables them anew', async () => {
    await expect(
      withoutBackgroundTriggers(async () => {
        throw new Error('write refused');
      }),
    ).rejects.toThrow('write refused');
    await withoutBackgroundTriggers(async () => undefined);
    expect(switches).toEqual([DISABLE, ENABLE, DISABLE, ENABLE]);
  });
});
