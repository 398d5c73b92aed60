// MailDev, the stack's SMTP catcher: every e-mail the functions send in dev and tests lands here and
// nowhere else (no relay is ever configured). SMTP on 127.0.0.1:1025, web UI and REST API on
// 127.0.0.1:1080, both shifted by SILK_PORT_OFFSET like every port of a stack. The test stack runs it
// as a detached process whose pid is kept in a file, so that a test can stop it and start it again.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './stack';

export const MAILDEV_SMTP_BASE_PORT = 1025;
export const MAILDEV_WEB_BASE_PORT = 1080;

const envOffset = () => Number(process.env.SILK_PORT_OFFSET ?? 0);

export function mailDevPorts(offset = envOffset()): { smtp: number; web: number } {
  return { smtp: MAILDEV_SMTP_BASE_PORT + offset, web: MAILDEV_WEB_BASE_PORT + offset };
}

/** The web UI, whose REST API lists the caught messages at /email. */
export function mailDevUrl(offset = envOffset()): string {
  return `http://127.0.0.1:${mailDevPorts(offset).web}`;
}

/** Where MailDev keeps each caught message, as `<id>.eml`, written as it arrives. */
export const mailDirectory = (offset = envOffset()) => join(tmpdir(), `silk-maildev-${offset}`);
const pidFile = (offset: number) => join(ROOT, 'test-results', `maildev-${offset}.pid`);

/** The command that runs MailDev for the stack at `offset`, loopback only. */
export function mailDevCommand(offset = envOffset()): { command: string; args: string[] } {
  const bin = createRequire(import.meta.url).resolve('maildev/bin/maildev');
  const { smtp, web } = mailDevPorts(offset);
  const args = ['--smtp', String(smtp), '--web', String(web), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'];
  return {
    command: process.execPath,
    args: [bin, ...args, '--mail-directory', mailDirectory(offset), '--silent'],
  };
}

async function answers(offset: number): Promise<boolean> {
  try {
    return (await fetch(`${mailDevUrl(offset)}/healthz`)).ok;
  } catch {
    return false;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts MailDev in the background (it outlives the caller) and waits until it answers. `keepMail`
 * keeps the messages caught before a stop; otherwise the stack starts with an empty inbox.
 */
export async function startMailDev(
  offset = envOffset(),
  options: { keepMail?: boolean } = {},
): Promise<void> {
  if (!options.keepMail) rmSync(mailDirectory(offset), { recursive: true, force: true });
  mkdirSync(mailDirectory(offset), { recursive: true });
  const { command, args } = mailDevCommand(offset);
  const child = spawn(command, args, { detached: true, stdio: 'ignore' });
  child.unref();
  if (!child.pid) throw new Error('MailDev could not be started.');
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(pidFile(offset), String(child.pid));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await answers(offset)) return;
    if (!isRunning(child.pid)) break;
    await sleep(100);
  }
  throw new Error(
    `MailDev did not start on ${mailDevUrl(offset)} (SMTP ${mailDevPorts(offset).smtp}): is the port taken?`,
  );
}

/** Stops the MailDev that startMailDev started for this offset, and waits until its ports are free. */
export async function stopMailDev(offset = envOffset()): Promise<void> {
  if (!existsSync(pidFile(offset))) return;
  const pid = Number(readFileSync(pidFile(offset), 'utf8'));
  rmSync(pidFile(offset), { force: true });
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (isRunning(pid) && Date.now() < deadline) await sleep(50);
  if (isRunning(pid)) process.kill(pid, 'SIGKILL');
}

export interface CaughtMail {
  id: string;
  subject: string;
  from: Array<{ address: string; name: string }>;
  to: Array<{ address: string; name: string }>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  text?: string;
  html?: string;
  date: string;
}

/** Every message MailDev has caught, oldest first. */
export async function readMailDevMessages(offset = envOffset()): Promise<CaughtMail[]> {
  const response = await fetch(`${mailDevUrl(offset)}/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** Waits for the messages to `address` (at least `count`), as MailDev received them. */
export async function waitForMailTo(
  address: string,
  options: { count?: number; timeoutMs?: number; offset?: number } = {},
): Promise<CaughtMail[]> {
  const { count = 1, timeoutMs = 20_000, offset = envOffset() } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = (await readMailDevMessages(offset)).filter((mail) =>
      mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()),
    );
    if (messages.length >= count) return messages;
    if (Date.now() > deadline)
      throw new Error(`No e-mail to ${address} reached MailDev within ${timeoutMs} ms.`);
    await sleep(200);
  }
}
