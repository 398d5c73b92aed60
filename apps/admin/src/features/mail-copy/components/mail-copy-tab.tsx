import {
  MAIL_KIND_SPECS,
  MAIL_KINDS,
  MAIL_VARIABLES,
  mailCopyProblemMessage,
  mailCopyProblems,
  renderCopy,
  sampleValues,
  type MailCopy,
  type MailKind,
} from '@silk/schema/mail-copy';
import type { MailCopyKindView, MailCopyVersion } from '@silk/schema/mail-copy-api';
import { blocksHtml, renderEmail } from '@silk/schema/mail-layout';
import {
  MAIL_COPY_ADMIN_REQUIRED,
  MAIL_COPY_LOAD_FAILED,
  MAIL_COPY_SAVED,
  mailCopyRestored,
} from '@silk/schema/messages';
import { canManageTeam, type Role } from '@silk/schema/roles';
import { Button } from '@silk/ui/button';
import { Card } from '@silk/ui/card';
import { FormMessage } from '@silk/ui/form-message';
import { TextField } from '@silk/ui/text-field';
import { useCallback, useEffect, useId, useState } from 'react';
import { ActionForm } from '@/components/action-form';
import { callFailure } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';
import { loadMailCopy, restoreMailCopy, saveMailCopy } from '@/features/mail-copy/api/mail-copy';

const SAMPLE_FOOTER = {
  referral: MAIL_VARIABLES.referralLink.sample,
  status: MAIL_VARIABLES.statusLink.sample,
  unsubscribe: MAIL_VARIABLES.unsubscribeLink.sample,
  erase: MAIL_VARIABLES.eraseLink.sample,
};

/** The preview: the very HTML a mail carries (the broadcast footer: its part alone), with sample values. */
function previewHtml(kind: MailKind, copy: MailCopy): string {
  const rendered = renderCopy(copy, sampleValues());
  if (MAIL_KIND_SPECS[kind].hasSubject) return renderEmail(rendered, SAMPLE_FOOTER).html;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Broadcast footer</title></head><body style="font-family:sans-serif;margin:16px">${blocksHtml(rendered.blocks)}</body></html>`;
}

const when = (ms: number) =>
  new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

function versionLabel(version: MailCopyVersion): string {
  const restored =
    version.restoredFrom === undefined
      ? ''
      : version.restoredFrom === 0
        ? ' (the default restored)'
        : ` (version ${version.restoredFrom} restored)`;
  return `Version ${version.version}${restored}: ${version.savedBy}, ${when(version.savedAt)}`;
}

interface EditorProps {
  kind: MailKind;
  view: MailCopyKindView;
  canEdit: boolean;
  /** After a save or restore: the list read again, and what to tell the Admin. */
  onChanged: (notice: string) => Promise<void>;
}

/** One kind's editor: subject and body, the live problems and preview, the variables, the versions. */
function MailCopyEditor({ kind, view, canEdit, onChanged }: EditorProps) {
  const spec = MAIL_KIND_SPECS[kind];
  const inForce = view.current ?? spec.defaults;
  const baseVersion = view.current?.version ?? 0;
  const [subject, setSubject] = useState(inForce.subject);
  const [body, setBody] = useState(inForce.body);
  const bodyId = useId();
  const save = useFormAction<string>();
  const restore = useFormAction<string>();
  const copy = { subject: spec.hasSubject ? subject : '', body };
  const problems = mailCopyProblems(kind, copy).map(mailCopyProblemMessage);
  const preview = previewHtml(kind, copy);
  const subjectPreview = renderCopy(copy, sampleValues()).subject;

  const restoreTo = (version: number) =>
    void restore.submit(null, {
      run: async () => {
        await restoreMailCopy(kind, version, baseVersion);
        await onChanged(mailCopyRestored(version));
        return mailCopyRestored(version);
      },
      failure: (error) => callFailure(error, MAIL_COPY_LOAD_FAILED),
    });

  return (
    <>
      <Card heading={`${spec.label}: edit`}>
        <p>{spec.description}</p>
        {canEdit ? null : <p>{MAIL_COPY_ADMIN_REQUIRED}</p>}
        <ActionForm
          action={save}
          submitLabel="Save a new version"
          steps={() => ({
            validate: () => (problems.length > 0 ? problems.join(' ') : null),
            run: async () => {
              await saveMailCopy(kind, copy, baseVersion);
              await onChanged(MAIL_COPY_SAVED);
              return MAIL_COPY_SAVED;
            },
            failure: (error) => callFailure(error, MAIL_COPY_LOAD_FAILED),
          })}
        >
          {spec.hasSubject ? (
            <TextField
              label="Subject"
              value={subject}
              readOnly={!canEdit}
              spellCheck
              onChange={(event) => setSubject(event.target.value)}
            />
          ) : null}
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={bodyId}>
              Text
            </label>
            <textarea
              id={bodyId}
              className="ui-field__input"
              rows={12}
              readOnly={!canEdit}
              aria-describedby={`${bodyId}-hint ${bodyId}-problems`}
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
            <p id={`${bodyId}-hint`} className="ui-field__hint">
              Paragraphs are separated by a blank line; “# ” starts the heading; a link is written [label](
              {'{{'}link{'}}'}), and a link on a line of its own is the button.
            </p>
            <div id={`${bodyId}-problems`} aria-live="polite" data-testid="mail-copy-problems">
              {problems.length > 0 ? (
                <ul className="ui-field__error">
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          </div>
        </ActionForm>
      </Card>
      <Card heading="Variables">
        <dl className="mail-copy__variables">
          {spec.variables.map((name) => (
            <div key={name}>
              <dt>
                <code>{`{{${name}}}`}</code>
                {spec.requiredLinks.includes(name) ? ' (required)' : ''}
              </dt>
              <dd>{MAIL_VARIABLES[name].description}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card heading="Preview">
        {spec.hasSubject ? (
          <p>
            Subject: <strong data-testid="mail-copy-preview-subject">{subjectPreview}</strong>
          </p>
        ) : null}
        <iframe
          title={`Preview of the ${spec.label.toLowerCase()} e-mail`}
          sandbox=""
          srcDoc={preview}
          style={{ width: '100%', height: '32rem', border: '1px solid #e4e0f2', borderRadius: '12px' }}
        />
      </Card>
      <Card heading="Versions">
        <FormMessage tone="error">{restore.error}</FormMessage>
        <ol className="mail-copy__versions" aria-label={`Versions of the ${spec.label.toLowerCase()} e-mail`}>
          {view.versions.map((version) => (
            <li key={version.version}>
              {versionLabel(version)}
              {version.version === baseVersion ? (
                ' — in force'
              ) : canEdit ? (
                <>
                  {' '}
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={restore.pending}
                    aria-label={`Restore version ${version.version}`}
                    onClick={() => restoreTo(version.version)}
                  >
                    Restore
                  </Button>
                </>
              ) : null}
            </li>
          ))}
          <li>
            The default copy{baseVersion === 0 ? ' — in force' : ''}
            {baseVersion !== 0 && canEdit ? (
              <>
                {' '}
                <Button
                  type="button"
                  variant="secondary"
                  disabled={restore.pending}
                  aria-label="Restore the default"
                  onClick={() => restoreTo(0)}
                >
                  Restore
                </Button>
              </>
            ) : null}
          </li>
        </ol>
      </Card>
    </>
  );
}

/**
 * E-mail copy tab: each kind of e-mail's subject and text, edited by Admins (every member may read
 * them), checked as the server checks them, previewed as sent, with its versions to restore.
 */
export function MailCopyTab({ roles }: { roles: readonly Role[] }) {
  const kindId = useId();
  const [kind, setKind] = useState<MailKind>('confirmation');
  const [views, setViews] = useState<MailCopyKindView[] | null>(null);
  const [loadError, setLoadError] = useState('');
  // Kept here: a change remounts the editor from the new version in force.
  const [notice, setNotice] = useState('');
  const reload = useCallback(async (changed = '') => {
    try {
      setViews(await loadMailCopy());
      setLoadError('');
    } catch (error) {
      setLoadError(callFailure(error, MAIL_COPY_LOAD_FAILED));
    }
    setNotice(changed);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  const view = views?.find((entry) => entry.kind === kind);
  return (
    <section className="tab" aria-labelledby="mail-copy-heading">
      <h2 id="mail-copy-heading" className="tab__title">
        E-mail copy
      </h2>
      <FormMessage tone="error">{loadError}</FormMessage>
      <FormMessage tone="success">{notice}</FormMessage>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={kindId}>
          E-mail
        </label>
        <select
          id={kindId}
          className="ui-field__input"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as MailKind);
            setNotice('');
          }}
        >
          {MAIL_KINDS.map((entry) => (
            <option key={entry} value={entry}>
              {MAIL_KIND_SPECS[entry].label}
            </option>
          ))}
        </select>
      </div>
      {view ? (
        <MailCopyEditor
          // A new version in force (or another kind) starts the editor again from it.
          key={`${kind}:${view.current?.version ?? 0}`}
          kind={kind}
          view={view}
          canEdit={canManageTeam(roles)}
          onChanged={reload}
        />
      ) : null}
    </section>
  );
}
