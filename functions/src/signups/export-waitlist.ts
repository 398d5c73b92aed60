// POST {api}/xlsxdown (exportWaitlist): {token} in the body (an Authorization: Bearer header also
// works); staff only. Streams every signup, newest first, as waitlist_signups_YYYY-MM-DD.xlsx with the
// admin table's 12 columns, read from Firestore in pages; `timeZone` (the downloader's IANA zone, else
// UTC) is the zone of the Signup Date column, named in its header's note. With `view` (the admin table's
// sort, search and filters, signup-view.ts) only the rows it leaves, in its order, as
// waitlist_signups_YYYY-MM-DD_filtered.xlsx; an invalid view is a 400. Audited (rows exported, the view
// without any typed text: audited-view.ts). A second worksheet, "Referrals", lists the referral records
// (with a view, those whose referrer or referred person is one of its rows); the last, "Rewards", the
// reward fulfilment queue (with a view, the entries of its rows).
//   200 the file · 400 · 401 · 403 · 405 · 413 · 415 · 429 · 500 (before the first byte)
import { COLLECTIONS } from '@silk/schema/constants';
import { filteredSpreadsheetFileName, spreadsheetFileName } from '@silk/schema/formatters';
import { normalizeSort, signupMatcher, sortSignups, type SignupView } from '@silk/schema/signup-view';
import { logger } from 'firebase-functions/logger';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { ANSWERED, endpoint, linkSecretOf, type EndpointDeps } from '../http/endpoint';
import type { HttpHandler } from '../http/http';
import { adminServices } from '../shared/admin';
import { auditedView } from './audited-view';
import { referralPages, rewardPages } from './referral-pages';
import { signupPages } from './signup-pages';
import { ExportAborted, writeSignupsWorkbook, type SignupRecord } from './xlsx';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The frame's deps (caller, rate limits, audit: see http/endpoint.ts) and where the rows come from. */
export interface ExportWaitlistDeps extends EndpointDeps {
  /** Signups newest first, in pages. */
  pages: () => AsyncIterable<readonly SignupRecord[]>;
  /** Referral records newest first, in pages. */
  referralPages: () => AsyncIterable<readonly SignupRecord[]>;
  /** Reward queue entries newest first, in pages. */
  rewardPages: () => AsyncIterable<readonly SignupRecord[]>;
  now: () => Date;
}

/** Rows a sorted view collects before writing them, per page handed on. */
const SORTED_PAGE_SIZE = 1000;

/**
 * The rows of the pages that the view leaves: page by page in the pages' order (newest first), or, for
 * another sort, all of them collected and then in the view's order, as the admin table shows them.
 */
async function* viewPages(
  pages: AsyncIterable<readonly SignupRecord[]>,
  view: SignupView,
): AsyncGenerator<readonly SignupRecord[]> {
  const matches = signupMatcher(view);
  if (!normalizeSort(view.sort)) {
    for await (const page of pages) {
      const kept = page.filter(matches);
      if (kept.length > 0) yield kept;
    }
    return;
  }
  const kept: SignupRecord[] = [];
  for await (const page of pages) for (const row of page) if (matches(row)) kept.push(row);
  const sorted = sortSignups(kept, view.sort);
  for (let start = 0; start < sorted.length; start += SORTED_PAGE_SIZE) {
    yield sorted.slice(start, start + SORTED_PAGE_SIZE);
  }
}

export function makeExportWaitlistHandler(overrides: Partial<ExportWaitlistDeps> = {}): HttpHandler {
  const services = overrides.services ?? adminServices;
  const pages = overrides.pages ?? (() => signupPages(services().db.collection(COLLECTIONS.waitlistSignups)));
  const referrals =
    overrides.referralPages ?? (() => referralPages(services().db.collection(COLLECTIONS.referrals)));
  const rewards = overrides.rewardPages ?? (() => rewardPages(services().db.collection(COLLECTIONS.rewards)));
  const now = overrides.now ?? (() => new Date());
  const secret = linkSecretOf(overrides);
  return endpoint(
    'exportWaitlist',
    async ({ res, caller, body: { timeZone, view }, audit }) => {
      // The audit entry's view, made before any byte is sent (it needs the server secret).
      const viewAudited = view ? auditedView(secret(), view) : undefined;
      // Read the first page before any byte is sent, so a failing read still gets a JSON error.
      const iterator = (view ? viewPages(pages(), view) : pages())[Symbol.asyncIterator]();
      const first = await iterator.next();
      async function* allPages(): AsyncGenerator<readonly SignupRecord[]> {
        if (first.done) return;
        yield first.value;
        for (let page = await iterator.next(); !page.done; page = await iterator.next()) yield page.value;
      }

      const fileName = view ? filteredSpreadsheetFileName(now()) : spreadsheetFileName(now());
      res.statusCode = 200;
      res.setHeader('Content-Type', XLSX_CONTENT_TYPE);
      res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      res.setHeader('Cache-Control', 'no-store');
      // exceljs ends the stream it writes to; the response stays open until the audit entry is written
      // (work after the response ends may be throttled in Cloud Functions).
      const workbookStream = new PassThrough();
      workbookStream.pipe(res, { end: false });
      // A client that goes away stops the export (instead of it waiting for a drain that never comes).
      res.on('close', () => {
        if (!res.writableFinished) workbookStream.destroy();
      });
      const piped = once(workbookStream, 'end');
      piped.catch(() => undefined); // a failed workbook surfaces from writeSignupsWorkbook
      let rows: number;
      try {
        rows = await writeSignupsWorkbook(
          workbookStream,
          allPages(),
          timeZone,
          { pages: referrals(), onlyExportedRows: view !== undefined },
          rewards(),
        );
      } catch (error) {
        if (!(error instanceof ExportAborted)) throw error;
        logger.info('exportWaitlist: the client closed the connection before the end', {
          actor: caller.email,
        });
        return ANSWERED;
      }
      await piped;
      try {
        await audit({
          action: 'export',
          target: COLLECTIONS.waitlistSignups,
          details: viewAudited
            ? { rows, filtered: true, fileName, view: viewAudited }
            : { rows, filtered: false, fileName },
        });
      } catch (error) {
        logger.error('exportWaitlist: audit entry not written', error);
      }
      res.end();
      return ANSWERED;
    },
    overrides,
  );
}
