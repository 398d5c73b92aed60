// The set-up of the admin panel's browser test files: browserSuite, fresh contexts on the panel (signed
// out, or signed in) that close after the test, the file's staff members and the spreadsheets its tests
// download.
import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { openAdmin, openSignedIn, seedMember, type AdminPage, type SeededMember } from './admin-session';
import { browserSuite, type BrowserSuite } from './browser-suite';

export interface AdminSuite extends BrowserSuite {
  /** A fresh context on the panel's `path`, signed out. */
  openAdmin(path?: string): Promise<AdminPage>;
  /** A fresh context on the panel's `path`, signed in by e-mail as `member`: its page. */
  openSignedIn(member: SeededMember, path?: string): Promise<Page>;
}

/** Registers the file's hooks (browserSuite); call once at the top of a test file. */
export function adminSuite(): AdminSuite {
  const suite = browserSuite();
  return Object.assign(suite, {
    openAdmin: async (path?: string) =>
      suite.track(await openAdmin(suite.browser, suite.stack.adminUrl, path)),
    openSignedIn: async (member: SeededMember, path?: string) =>
      (await openSignedIn(suite, member, path)).page,
  });
}

/** A member to seed: seedMember's label, roles and options. */
export type MemberSeed = Parameters<typeof seedMember>;

/**
 * The file's staff members, seeded by a beforeAll of the calling file (a key for each): read them in the
 * tests as `members.admin`.
 */
export function seededMembers<Key extends string>(seeds: Record<Key, MemberSeed>): Record<Key, SeededMember> {
  const members = {} as Record<Key, SeededMember>;
  beforeAll(async () => {
    for (const [key, seed] of Object.entries(seeds) as [Key, MemberSeed][])
      members[key] = await seedMember(...seed);
  });
  return members;
}

export interface DownloadedWorkbook {
  fileName: string;
  /** The workbook's first sheet. */
  sheet: ExcelJS.Worksheet;
  workbook: ExcelJS.Workbook;
}

/**
 * The spreadsheets a file's tests download, saved in a folder of the file's own (removed after its tests):
 * `download(page, click)` runs `click`, waits for the download it starts and reads the saved file.
 */
export function workbookDownloads(
  prefix: string,
): (page: Page, click: () => Promise<void>) => Promise<DownloadedWorkbook> {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return async (page, click) => {
    const started = page.waitForEvent('download', { timeout: 30_000 });
    await click();
    const download = await started;
    const path = join(folder, download.suggestedFilename());
    await download.saveAs(path);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const [sheet] = workbook.worksheets;
    if (!sheet) throw new Error(`${download.suggestedFilename()} has no sheet`);
    return { fileName: download.suggestedFilename(), sheet, workbook };
  };
}
