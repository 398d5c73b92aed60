import type { ReactNode } from 'react';

/** The dimmed page behind a modal dialog: a click on it, outside the dialog, dismisses the dialog. */
export function DialogBackdrop({ onDismiss, children }: { onDismiss: () => void; children: ReactNode }) {
  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onDismiss();
      }}
    >
      {children}
    </div>
  );
}
