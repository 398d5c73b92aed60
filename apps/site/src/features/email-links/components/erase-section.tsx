import { ERASE_SECTION_ID } from '@silk/schema/constants';
import { Button } from '@silk/ui/button';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { erasePage } from '@/content/email-links';
import { useLinkAction } from '@/features/email-links/hooks/use-link-action';

interface EraseSectionProps {
  apiBase: string;
  /** The link's erase token; null before the page has read it, '' when the link has none. */
  eraseToken: string | null;
  onErased: () => void;
}

/**
 * "Delete my data" (the e-mail's erase link lands here, at ERASE_SECTION_ID): a button, then a
 * confirmation in place (focus on Cancel, the safe choice; Escape cancels), then POST /api/erase.
 */
export function EraseSection({ apiBase, eraseToken, onErased }: EraseSectionProps) {
  const { state, run, reset } = useLinkAction(apiBase, 'eraseSubscriber');
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const questionId = useId();
  const deleteButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const focusDeleteButton = useRef(false);
  const pending = state.status === 'pending';

  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
    else if (focusDeleteButton.current) deleteButton.current?.focus();
    focusDeleteButton.current = false;
  }, [confirming]);

  function cancel() {
    if (pending) return;
    focusDeleteButton.current = true;
    setConfirming(false);
  }

  async function erase(token: string) {
    if (pending) return;
    if (await run(token)) {
      onErased();
      return;
    }
    focusDeleteButton.current = true;
    setConfirming(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    cancel();
  }

  const failure = state.status === 'failed' ? state.failure : null;
  return (
    <section id={ERASE_SECTION_ID} className="card erase" aria-labelledby={titleId}>
      <h2 id={titleId}>{erasePage.heading}</h2>
      <p>{erasePage.text}</p>
      {failure ? (
        <p role="alert" className="link-message link-message--error">
          {failure.message}
        </p>
      ) : null}
      {eraseToken === '' ? (
        <p className="erase__note">{erasePage.noToken}</p>
      ) : confirming && eraseToken ? (
        <div className="erase__confirm" role="group" aria-labelledby={questionId} onKeyDown={onKeyDown}>
          <p id={questionId} className="erase__question">
            {erasePage.question}
          </p>
          <div className="link-actions">
            <Button
              type="button"
              variant="danger"
              aria-disabled={pending}
              onClick={() => void erase(eraseToken)}
            >
              {pending ? erasePage.deletingLabel : erasePage.confirmLabel}
            </Button>
            <Button ref={cancelButton} type="button" variant="ghost" aria-disabled={pending} onClick={cancel}>
              {erasePage.cancelLabel}
            </Button>
          </div>
        </div>
      ) : failure?.kind === 'refused' ? null : (
        <div className="link-actions">
          <Button
            ref={deleteButton}
            type="button"
            variant="danger"
            onClick={() => {
              if (!eraseToken) return;
              reset();
              setConfirming(true);
            }}
          >
            {erasePage.buttonLabel}
          </Button>
        </div>
      )}
    </section>
  );
}
