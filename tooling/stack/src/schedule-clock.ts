// The stack's Cloud Scheduler: the Functions emulator loads the `onSchedule` functions but never fires
// them, and its Pub/Sub path cannot either (firebase-tools 14 subscribes a v2 schedule to the topic
// `firebase-schedule-<id>` with the "http" signature, which its Pub/Sub emulator refuses to deliver:
// "Unsupported trigger signature: http"). So this clock does what Cloud Scheduler does in production: on
// each function's own schedule it sends the function an HTTP request with Cloud Scheduler's headers, on
// the Functions emulator's trigger route, and the deployed handler runs in the emulator's runtime with
// its configuration. The schedules are read from the emulator (`/backends`), so a new or changed
// schedule needs no edit here.
import { CronExpressionParser } from 'cron-parser';
import { EMULATOR_HOST, PROJECT_ID, stackPorts } from './stack';

/** A scheduled function as the Functions emulator lists it (its `/backends`). */
interface ScheduledTrigger {
  /** `<region>-<name>`: the emulator keys the trigger `<id>-<generation>`. */
  id: string;
  name: string;
  region: string;
  schedule: { schedule: string; timeZone?: string | null };
}

interface BackendsAnswer {
  backends: Array<{ functionTriggers: Array<Partial<ScheduledTrigger>> }>;
}

/**
 * A schedule as a cron expression: Cloud Scheduler also takes App Engine's `every N minutes|hours`,
 * which it runs every N minutes or hours; here on the minute or hour (the first run's moment is not
 * Cloud Scheduler's either way).
 */
export function cronOf(schedule: string): string {
  const every = /^every (\d+) (minutes?|mins?|hours?)$/.exec(schedule.trim());
  if (!every) return schedule;
  const [, count, unit] = every;
  return unit?.startsWith('h') ? `0 */${count} * * *` : `*/${count} * * * *`;
}

/** The first time after `after` at which `schedule` fires. */
export function nextRun(schedule: ScheduledTrigger['schedule'], after: Date): Date {
  return CronExpressionParser.parse(cronOf(schedule.schedule), {
    currentDate: after,
    tz: schedule.timeZone ?? 'Etc/UTC',
  })
    .next()
    .toDate();
}

/** Cloud Scheduler's default attempt deadline for an HTTP target: a run not answered by then is left. */
const ATTEMPT_DEADLINE_MS = 180_000;

export interface ScheduleClock {
  stop(): Promise<void>;
}

/**
 * Fires every scheduled function of the stack at `offset` on its schedule until stopped. A run that
 * fails is logged and left to the next one (the product's schedules set no retries).
 */
export function startScheduleClock(
  offset = Number(process.env.SILK_PORT_OFFSET ?? 0),
  log: (line: string) => void = (line) => console.log(`[schedules] ${line}`),
): ScheduleClock {
  const functionsOrigin = `http://${EMULATOR_HOST}:${stackPorts(offset).functions}`;
  const running = new Set<Promise<void>>();
  // Stopping gives up on the runs' answers (the emulator may never answer one whose runtime failed to
  // start); the runs themselves go on in the emulator.
  const stopping = new AbortController();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastTick = new Date();

  async function scheduledTriggers(): Promise<Map<string, ScheduledTrigger[]>> {
    const answer = (await (await fetch(`${functionsOrigin}/backends`)).json()) as BackendsAnswer;
    const byId = new Map<string, ScheduledTrigger[]>();
    for (const trigger of answer.backends.flatMap((backend) => backend.functionTriggers)) {
      if (!trigger.schedule || !trigger.id) continue;
      byId.set(trigger.id, [...(byId.get(trigger.id) ?? []), trigger as ScheduledTrigger]);
    }
    return byId;
  }

  /**
   * Sends the function Cloud Scheduler's request. The emulator keeps one record per trigger generation
   * (a new one each time background triggers are enabled again after a pause) and runs only the
   * newest; older ones answer 204 ("disabled") and unknown ones 404, so the generations from the record
   * count on are tried until one runs (while triggers are paused, none does: the run is skipped, as
   * Firestore triggers are).
   */
  async function fire(trigger: ScheduledTrigger, records: number, scheduleTime: Date): Promise<void> {
    for (let generation = records - 1; generation < records + 3; generation += 1) {
      const response = await fetch(
        `${functionsOrigin}/functions/projects/${PROJECT_ID}/triggers/${trigger.id}-${generation}`,
        {
          method: 'POST',
          signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(ATTEMPT_DEADLINE_MS)]),
          headers: {
            'X-CloudScheduler': 'true',
            'X-CloudScheduler-JobName': `firebase-schedule-${trigger.name}-${trigger.region}`,
            'X-CloudScheduler-ScheduleTime': scheduleTime.toISOString(),
          },
        },
      );
      await response.arrayBuffer();
      if (response.status === 404 || response.status === 204) continue;
      if (!response.ok) log(`${trigger.name} failed (${response.status})`);
      return;
    }
  }

  async function tick(): Promise<void> {
    const now = new Date();
    const since = lastTick;
    lastTick = now;
    let triggers: Map<string, ScheduledTrigger[]>;
    try {
      triggers = await scheduledTriggers();
    } catch {
      return; // the Functions emulator is not up (yet, or any more)
    }
    for (const records of triggers.values()) {
      const trigger = records.at(-1);
      if (!trigger) continue;
      const due = nextRun(trigger.schedule, since);
      if (due > now) continue;
      const run = fire(trigger, records.length, due).catch((error: unknown) => {
        if (!stopped) log(`${trigger.name} gave no answer: ${String(error)}`);
      });
      running.add(run);
      void run.finally(() => running.delete(run));
    }
  }

  function schedule(): void {
    if (stopped) return;
    // On the next whole second: every schedule fires on a minute's first second.
    timer = setTimeout(() => void tick().finally(schedule), 1000 - (Date.now() % 1000));
  }
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopping.abort();
      await Promise.allSettled([...running]);
    },
  };
}
