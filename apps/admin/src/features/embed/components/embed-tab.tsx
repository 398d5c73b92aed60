import { EMBED_SITE_ORIGIN, EMBED_TAG, embedOrigin, MAX_EMBED_ORIGINS } from '@silk/schema/embed';
import {
  EMBED_ORIGINS_INVALID,
  EMBED_ORIGINS_LOAD_FAILED,
  EMBED_ORIGINS_SAVED,
  TEAM_ACTION_FAILED,
} from '@silk/schema/messages';
import { Card } from '@silk/ui/card';
import { FormMessage } from '@silk/ui/form-message';
import { useEffect, useId, useState } from 'react';
import { ActionForm } from '@/components/action-form';
import { callFailure } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';
import { loadEmbedOrigins, saveEmbedOrigins } from '@/features/embed/api/embed-origins';

/** The lines of the text box that hold something. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * Embed tab (Admins): the sites allowed to embed the signup widget, one origin per line (checked here
 * as the server checks them, then saved as a whole and audited), and the tag a site puts in its page.
 */
export function EmbedTab() {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState('');
  const action = useFormAction<string>();
  useEffect(() => {
    let current = true;
    loadEmbedOrigins().then(
      (origins) => {
        if (!current) return;
        setText(origins.join('\n'));
        setLoaded(true);
      },
      (error: unknown) => current && setLoadError(callFailure(error, EMBED_ORIGINS_LOAD_FAILED)),
    );
    return () => {
      current = false;
    };
  }, []);
  return (
    <section className="tab" aria-labelledby="embed-heading">
      <h2 id="embed-heading" className="tab__title">
        Embed
      </h2>
      <Card heading="Sites allowed to embed the signup form">
        <FormMessage tone="error">{loadError}</FormMessage>
        <ActionForm
          action={action}
          submitLabel="Save allowed sites"
          steps={() => {
            const lines = linesOf(text);
            return {
              validate: () =>
                lines.length > MAX_EMBED_ORIGINS || lines.some((line) => embedOrigin(line) === null)
                  ? EMBED_ORIGINS_INVALID
                  : null,
              run: async () => {
                setText((await saveEmbedOrigins(lines)).join('\n'));
                return EMBED_ORIGINS_SAVED;
              },
              failure: (error) => callFailure(error, TEAM_ACTION_FAILED),
            };
          }}
          success={action.success}
        >
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={fieldId}>
              Allowed sites, one per line
            </label>
            <textarea
              id={fieldId}
              className="ui-field__input"
              rows={6}
              spellCheck={false}
              placeholder="https://partner.example"
              aria-describedby={`${fieldId}-hint`}
              disabled={!loaded}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <p id={`${fieldId}-hint`} className="ui-field__hint">
              Each site as its origin: https://, the host and an optional port. Any other site is refused.
            </p>
          </div>
        </ActionForm>
      </Card>
      <Card heading="The tag to put in a page">
        <pre>
          <code>{EMBED_TAG}</code>
        </pre>
        <p>
          A page with a Content-Security-Policy must also allow {EMBED_SITE_ORIGIN} in its script-src and
          connect-src.
        </p>
      </Card>
    </section>
  );
}
