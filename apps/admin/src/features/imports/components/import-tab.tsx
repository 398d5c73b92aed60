import { fileSha256, rowsDone } from '@silk/data-access/imports';
import {
  checkImportRows,
  importRows,
  parseCsv,
  suggestMapping,
  type ParsedCsv,
} from '@silk/schema/import-rows';
import type { ImportColumnTarget, ImportMapping, ImportView } from '@silk/schema/imports';
import {
  IMPORT_EMAIL_COLUMN_REQUIRED,
  IMPORT_FILE_CHANGED,
  IMPORT_FILE_UNREADABLE,
  IMPORT_PROBLEM_TEXT,
  IMPORT_STOPPED,
  importFinished,
  IMPORTS_LOAD_FAILED,
} from '@silk/schema/messages';
import { FEEDBACK_FIELDS, signupField } from '@silk/schema/signup-fields';
import { Button } from '@silk/ui/button';
import { FormMessage } from '@silk/ui/form-message';
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { loadImports, runImport } from '@/features/imports/api/imports';
import { callFailure } from '@/lib/error-message';

const count = (value: number) => value.toLocaleString('en-US');

const TARGETS: Array<[ImportColumnTarget, string]> = [
  ['ignore', 'Ignore'],
  ['email', 'E-mail address'],
  ['timestamp', 'Signup time'],
  ['source', 'Source'],
  ...FEEDBACK_FIELDS.map((key): [ImportColumnTarget, string] => [
    key,
    signupField(key).column?.header ?? key,
  ]),
];

interface ChosenFile {
  name: string;
  sha: string;
  csv: ParsedCsv;
  /** The time rows are checked against: now, or a resumed import's start (so its chunks stay the same). */
  now: number;
}

/**
 * Import (Admins): a CSV file from another waitlist tool, its columns mapped (the suggestion pre-filled),
 * a preview of every row that cannot be imported before anything is written, then the import chunk by
 * chunk with its progress. An unfinished import is resumed with the same file: only the chunks not
 * written yet are sent.
 */
export function ImportTab() {
  const fileId = useId();
  const [unfinished, setUnfinished] = useState<ImportView[]>([]);
  const [resuming, setResuming] = useState<ImportView | null>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [sendConfirmation, setSendConfirmation] = useState(false);
  const [progress, setProgress] = useState<ImportView | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const reload = () =>
    loadImports().then(
      (imports) => setUnfinished(imports.filter((entry) => entry.status !== 'done')),
      (caught: unknown) => setError(callFailure(caught, IMPORTS_LOAD_FAILED)),
    );
  useEffect(() => void reload(), []);

  const hasEmail = Object.values(mapping).includes('email');
  const preview = useMemo(
    () => (file && hasEmail ? checkImportRows(importRows(file.csv, mapping), file.now) : null),
    [file, mapping, hasEmail],
  );

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setFile(null);
    setError('');
    setDone('');
    if (!chosen) return;
    const bytes = await chosen.arrayBuffer();
    const csv = parseCsv(new TextDecoder().decode(bytes));
    const sha = await fileSha256(bytes);
    if (!csv.headers.length) return setError(IMPORT_FILE_UNREADABLE);
    if (resuming && sha !== resuming.fileSha256) return setError(IMPORT_FILE_CHANGED);
    setMapping(resuming?.mapping ?? suggestMapping(csv.headers));
    setFile({ name: chosen.name, sha, csv, now: resuming?.startedAt ?? Date.now() });
  }

  async function start() {
    if (!file || !preview) return;
    setRunning(true);
    setError('');
    try {
      const end = await runImport(
        {
          importId: resuming?.id ?? crypto.randomUUID(),
          fileName: file.name,
          fileSha256: file.sha,
          mapping,
          rows: preview.valid.length,
          sendConfirmation: resuming?.sendConfirmation ?? sendConfirmation,
        },
        preview.valid,
        setProgress,
      );
      setDone(importFinished(end.imported, end.merged, end.erased));
      setFile(null);
      setResuming(null);
    } catch (caught) {
      setError(callFailure(caught, IMPORT_STOPPED));
    }
    setRunning(false);
    void reload();
  }

  return (
    <section className="tab invites__section" aria-labelledby="imports-heading">
      <h2 id="imports-heading" className="tab__title">
        Import
      </h2>
      <label htmlFor={fileId}>
        {resuming
          ? `Choose ${resuming.fileName} again to resume its import`
          : 'Choose a CSV file exported from another waitlist tool'}
      </label>
      <input
        id={fileId}
        key={resuming?.id}
        type="file"
        accept=".csv,text/csv"
        disabled={running}
        onChange={(event) => void choose(event)}
      />
      {file ? (
        <fieldset className="invites__section" disabled={running || !!resuming}>
          <legend>What each column holds</legend>
          {file.csv.headers.map((header) => (
            <label key={header} className="invites__check">
              {header}
              <select
                aria-label={header}
                value={mapping[header] ?? 'ignore'}
                onChange={(event) =>
                  setMapping({ ...mapping, [header]: event.target.value as ImportColumnTarget })
                }
              >
                {TARGETS.map(([target, label]) => (
                  <option key={target} value={target}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <label className="invites__check">
            <input
              type="checkbox"
              checked={resuming?.sendConfirmation ?? sendConfirmation}
              onChange={(event) => setSendConfirmation(event.target.checked)}
            />
            Send confirmation e-mails to imported addresses
          </label>
          {hasEmail ? null : <FormMessage tone="error">{IMPORT_EMAIL_COLUMN_REQUIRED}</FormMessage>}
        </fieldset>
      ) : null}
      {preview ? (
        <>
          <p role="status">
            {count(preview.valid.length)} rows to import, {count(preview.invalid.length)} with problems (left
            out).
          </p>
          {preview.invalid.length ? (
            <div className="imports__problems" role="region" aria-label="Rows with problems" tabIndex={0}>
              <ul>
                {preview.invalid.map((row) => (
                  <li key={row.line}>
                    Line {row.line} {row.email}:{' '}
                    {row.problems.map((problem) => IMPORT_PROBLEM_TEXT[problem]).join('; ')}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <Button type="button" disabled={running || !preview.valid.length} onClick={() => void start()}>
            Import {count(preview.valid.length)} rows
          </Button>
        </>
      ) : null}
      <p aria-live="polite">
        {progress && running ? (
          <>
            <progress aria-label="Import progress" value={rowsDone(progress)} max={progress.rows} />{' '}
            {count(rowsDone(progress))} of {count(progress.rows)} rows imported
          </>
        ) : null}
      </p>
      <FormMessage tone="error">{error}</FormMessage>
      <FormMessage tone="success">{done}</FormMessage>
      {unfinished.length ? <h3>Unfinished imports</h3> : null}
      {unfinished.map((entry) => (
        <p key={entry.id}>
          {entry.fileName}: {count(rowsDone(entry))} of {count(entry.rows)} rows, by {entry.startedBy}{' '}
          <Button
            type="button"
            variant="secondary"
            disabled={running}
            onClick={() => (setResuming(entry), setFile(null))}
          >
            Resume
          </Button>
        </p>
      ))}
    </section>
  );
}
