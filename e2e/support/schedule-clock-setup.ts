// The e2e layer's global set-up: the stack's schedules run while its files do (the product's redrives,
// repairs, drips and expiry, on their production cadence), as `pnpm dev` runs them. The emulator layer
// runs without: its tests call the scheduled code themselves and assert the states in between.
import { startScheduleClock } from '@silk/stack/schedule-clock';

export default function setup(): () => Promise<void> {
  const clock = startScheduleClock();
  return () => clock.stop();
}
