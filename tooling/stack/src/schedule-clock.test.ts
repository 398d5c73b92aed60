import { describe, expect, it } from 'vitest';
import { cronOf, nextRun } from './schedule-clock';

describe('the stack clock reads the schedules as Cloud Scheduler does', () => {
  it.each([
    ['every 1 minutes', '*/1 * * * *'],
    ['every 5 mins', '*/5 * * * *'],
    ['every 6 hours', '0 */6 * * *'],
    ['every 1 hours', '0 */1 * * *'],
    ['0 * * * *', '0 * * * *'],
  ])('takes %s as the cron %s', (schedule, cron) => {
    expect(cronOf(schedule)).toBe(cron);
  });

  it.each([
    [{ schedule: 'every 1 minutes' }, '2026-01-01T10:00:30Z', '2026-01-01T10:01:00.000Z'],
    [{ schedule: 'every 6 hours' }, '2026-01-01T10:00:30Z', '2026-01-01T12:00:00.000Z'],
    [{ schedule: '0 * * * *', timeZone: 'Etc/UTC' }, '2026-01-01T10:00:00Z', '2026-01-01T11:00:00.000Z'],
    [
      { schedule: '0 9 * * *', timeZone: 'Europe/Lisbon' },
      '2026-07-01T00:00:00Z',
      '2026-07-01T08:00:00.000Z',
    ],
  ])('fires %o after %s at %s', (schedule, after, next) => {
    expect(nextRun(schedule, new Date(after)).toISOString()).toBe(next);
  });
});
