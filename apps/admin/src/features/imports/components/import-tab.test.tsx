import { callApi } from '@silk/data-access/api-client';
import type * as ApiClient from '@silk/data-access/api-client';
import type * as Imports from '@silk/data-access/imports';
import { staffClient } from '@silk/data-access/staff-client';
import { IMPORT_CHUNK_ROWS, newImport, type ImportView } from '@silk/schema/imports';
import { IMPORT_EMAIL_COLUMN_REQUIRED, IMPORT_FILE_CHANGED, importFinished } from '@silk/schema/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportTab } from './import-tab';
import { textsByRole } from '@/testing/queries';

vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@/config/env', () => ({ env: { apiBase: '/api' } }));
vi.mock('@silk/data-access/staff-client', () => ({ staffClient: vi.fn() }));
// jsdom's buffers come from another realm than Node's WebCrypto accepts: the same hash, by node:crypto
// (the real fileSha256 runs in Chromium in e2e/admin-import.e2e.test.ts and in Node in bench/import.ts).
vi.mock('@silk/data-access/imports', async (importOriginal) => ({
  ...(await importOriginal<typeof Imports>()),
  fileSha256: async (bytes: ArrayBuffer) =>
    createHash('sha256')
      .update(Buffer.from(new Uint8Array(bytes)))
      .digest('hex'),
}));
vi.mock('@silk/data-access/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
}));

// jsdom's File has no arrayBuffer() (every browser the panel supports has): read it as they do.
File.prototype.arrayBuffer ??= function (this: File) {
  return new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(this);
  });
};

const call = vi.mocked(callApi);
const FILE_LABEL = 'Choose a CSV file exported from another waitlist tool';
/** 502 good rows (two chunks), then a bad one. */
const CSV = [
  'email,joined',
  ...Array.from({ length: IMPORT_CHUNK_ROWS + 2 }, (_, n) => `p${n}@x.io,2024-01-01`),
  'oops,2024-01-01',
].join('\n');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const csvFile = (text: string) => new File([text], 'list.csv', { type: 'text/csv' });

function view(extra: Partial<ImportView> = {}): ImportView {
  return {
    id: 'import-1',
    ...newImport({
      fileName: 'list.csv',
      fileSha256: sha(CSV),
      mapping: { email: 'email', joined: 'timestamp' },
      sendConfirmation: false,
      rows: IMPORT_CHUNK_ROWS + 2,
      startedAt: Date.UTC(2025, 0, 1),
      startedBy: 'ana@silk.travel',
    }),
    ...extra,
  };
}

/**
 * importList answers `listed`; importStart the import; each chunk moves it on, the last one's rows
 * skipped as erased mailboxes when `lastErased`.
 */
function answer(
  listed: ImportView[],
  started: ImportView,
  chunksWait: Promise<void> = Promise.resolve(),
  lastErased = false,
) {
  let current = started;
  call.mockImplementation(async (_client, route, body) => {
    if (route === 'importList') return { imports: listed } as never;
    if (route === 'importStart') return { import: current } as never;
    if (route === 'importChunk') {
      await chunksWait;
      const { index, rows } = body as { index: number; rows: unknown[] };
      const erased = lastErased && index === current.chunks - 1 ? rows.length : 0;
      current = {
        ...current,
        doneChunks: [...current.doneChunks, index],
        imported: current.imported + rows.length - erased,
        erased: current.erased + erased,
      };
      if (current.doneChunks.length === current.chunks) current = { ...current, status: 'done' };
      const imported = rows.length - erased;
      return { imported, merged: 0, rejected: [], erased, alreadyDone: false, import: current } as never;
    }
    throw new Error(`unexpected ${route}`);
  });
}

const chunkCalls = () =>
  call.mock.calls
    .filter(([, route]) => route === 'importChunk')
    .map(([, , body]) => body as { importId: string; index: number; rows: unknown[] });

beforeEach(() => {
  call.mockReset();
  vi.mocked(staffClient).mockResolvedValue({ apiBase: '/api', staffToken: 'id-token' });
});

describe('ImportTab', () => {
  it('maps the columns, previews the bad rows before any write, then imports the rest chunk by chunk', async () => {
    let release = () => {};
    answer([], view(), new Promise<void>((resolve) => (release = resolve)));
    const user = userEvent.setup();
    render(<ImportTab />);
    await user.upload(screen.getByLabelText(FILE_LABEL), csvFile(CSV));

    expect(await screen.findByRole('combobox', { name: 'email' })).toHaveValue('email');
    expect(screen.getByRole('combobox', { name: 'joined' })).toHaveValue('timestamp');
    expect(
      screen.getByRole('checkbox', { name: 'Send confirmation e-mails to imported addresses' }),
    ).not.toBeChecked();
    expect(screen.getByText('502 rows to import, 1 with problems (left out).')).toBeInTheDocument();
    const problems = screen.getByRole('region', { name: 'Rows with problems' });
    expect(textsByRole(problems, 'listitem')).toEqual(['Line 504 oops: not a valid e-mail address']);
    expect(call.mock.calls.map(([, route]) => route)).toEqual(['importList']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'email' }), 'ignore');
    expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_EMAIL_COLUMN_REQUIRED);
    expect(screen.queryByRole('button', { name: /^Import / })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'email' }), 'email');

    await user.click(screen.getByRole('button', { name: 'Import 502 rows' }));
    // Started, no chunk acknowledged yet: the bar and the live text say so.
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '0');
    expect(
      screen.getByText('0 of 502 rows imported', { exact: false }).closest('[aria-live]'),
    ).toHaveAttribute('aria-live', 'polite');
    release();
    expect(await screen.findByText(importFinished(502, 0))).toBeInTheDocument();
    const start = call.mock.calls.find(([, route]) => route === 'importStart')?.[2];
    expect(start).toMatchObject({
      fileName: 'list.csv',
      fileSha256: sha(CSV),
      rows: 502,
      sendConfirmation: false,
      mapping: { email: 'email', joined: 'timestamp' },
    });
    expect(
      chunkCalls()
        .map(({ index, rows }) => [index, rows.length])
        .sort(),
    ).toEqual([
      [0, IMPORT_CHUNK_ROWS],
      [1, 2],
    ]);
  });

  it('reports the rows it skipped because their owners had them erased', async () => {
    answer([], view(), Promise.resolve(), true);
    const user = userEvent.setup();
    render(<ImportTab />);
    await user.upload(screen.getByLabelText(FILE_LABEL), csvFile(CSV));
    await user.click(await screen.findByRole('button', { name: 'Import 502 rows' }));
    expect(await screen.findByText(importFinished(IMPORT_CHUNK_ROWS, 0, 2))).toBeInTheDocument();
  });

  it('resumes an unfinished import with the same file only, sending the chunks not written yet', async () => {
    const unfinished = view({ doneChunks: [0], imported: IMPORT_CHUNK_ROWS, sendConfirmation: true });
    answer([unfinished], unfinished);
    const user = userEvent.setup();
    render(<ImportTab />);
    expect(await screen.findByText(/list\.csv: 500 of 502 rows, by ana@silk\.travel/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));

    const input = screen.getByLabelText('Choose list.csv again to resume its import');
    await user.upload(input, csvFile(`${CSV}\nextra@x.io,2024-01-01`));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_FILE_CHANGED);
    expect(screen.queryByRole('button', { name: /^Import / })).toBeNull();

    await user.upload(input, csvFile(CSV));
    await user.click(await screen.findByRole('button', { name: 'Import 502 rows' }));
    expect(await screen.findByText(importFinished(502, 0))).toBeInTheDocument();
    expect(call.mock.calls.find(([, route]) => route === 'importStart')?.[2]).toMatchObject({
      importId: 'import-1',
      sendConfirmation: true,
    });
    expect(chunkCalls().map(({ importId, index }) => [importId, index])).toEqual([['import-1', 1]]);
  });
});
