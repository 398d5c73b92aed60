// How webhook deliveries are attempted (from the environment). Defaults are production's:
// functions/env/.env.demo-silk shortens the retry schedule so the emulator sees retries within seconds,
// and lets the emulator reach a local http receiver.
import { ALERT_DIGEST_WINDOW_SECONDS } from '@silk/schema/alerts';
import { WEBHOOK_RETRY_DELAYS_SECONDS, WEBHOOK_TIMEOUT_MS } from '@silk/schema/webhooks';

export interface WebhookConfig {
  /** The wait before each retry after a failed attempt; when they are used up the delivery has failed. */
  retryDelaysMs: number[];
  /** Local and http targets allowed (WEBHOOK_ALLOW_LOCAL_TARGETS=true, honoured in the emulator only). */
  allowLocalTargets: boolean;
  timeoutMs: number;
  /** An attempt holds its delivery this long; one still PROCESSING after it is taken up again by the redrive. */
  leaseMs: number;
  /** An alert's digest window (WEBHOOK_DIGEST_WINDOW_SECONDS, default ALERT_DIGEST_WINDOW_SECONDS). */
  digestWindowMs: number;
}

function digestWindowMs(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return ALERT_DIGEST_WINDOW_SECONDS * 1000;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds <= 0) {
    throw new Error(`WEBHOOK_DIGEST_WINDOW_SECONDS must be a whole number of seconds > 0, got "${raw}".`);
  }
  return seconds * 1000;
}

function schedule(raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === '')
    return WEBHOOK_RETRY_DELAYS_SECONDS.map((seconds) => seconds * 1000);
  const delays = raw.split(',').map((item) => Number(item.trim()));
  if (delays.some((value) => !Number.isFinite(value) || value <= 0)) {
    throw new Error(`WEBHOOK_RETRY_SCHEDULE_SECONDS must list positive numbers, got "${raw}".`);
  }
  return delays.map((seconds) => seconds * 1000);
}

export function readWebhookConfig(env: NodeJS.ProcessEnv = process.env): WebhookConfig {
  return {
    retryDelaysMs: schedule(env.WEBHOOK_RETRY_SCHEDULE_SECONDS),
    allowLocalTargets: env.FUNCTIONS_EMULATOR === 'true' && env.WEBHOOK_ALLOW_LOCAL_TARGETS === 'true',
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    leaseMs: WEBHOOK_TIMEOUT_MS + 50_000,
    digestWindowMs: digestWindowMs(env.WEBHOOK_DIGEST_WINDOW_SECONDS),
  };
}
