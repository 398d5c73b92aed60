import { Button } from '@silk/ui/button';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { DialogBackdrop } from '@/components/dialog-backdrop';
import { useFocusWhileOpen } from '@/lib/use-focus-while-open';

interface ConfirmDialogProps {
  title: string;
  /** What confirming does. */
  children: ReactNode;
  confirmLabel: string;
  /** Absent: nothing to confirm (any more); Cancel is the way out. */
  onConfirm?: () => void;
  onCancel: () => void;
  /** More than a sentence (a list, an option), after the text. */
  details?: ReactNode;
  confirmDisabled?: boolean;
  cancelLabel?: string;
}

/**
 * A modal confirmation (role="alertdialog"): focus moves to Cancel, the safe choice, and stays inside
 * while it is open; Escape or a click outside cancels; focus returns to what had it before.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    title,
    children,
    confirmLabel,
    onConfirm,
    onCancel,
    details,
    confirmDisabled,
    cancelLabel = 'Cancel',
  } = props;
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useFocusWhileOpen(cancelRef);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = [
      ...(dialogRef.current?.querySelectorAll<HTMLElement>('button:not(:disabled), input:not(:disabled)') ??
        []),
    ];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <DialogBackdrop onDismiss={onCancel}>
      <div
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="dialog"
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <p id={descriptionId} className="dialog__text">
          {children}
        </p>
        {details}
        <div className="dialog__actions">
          <Button ref={cancelRef} type="button" variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          {onConfirm ? (
            <Button type="button" variant="danger" onClick={onConfirm} disabled={confirmDisabled}>
              {confirmLabel}
            </Button>
          ) : null}
        </div>
      </div>
    </DialogBackdrop>
  );
}
