import { useEffect, type RefObject } from 'react';

/**
 * A dialog's focus: on opening it moves to `target`; on closing it returns to what had it before (when
 * that is still on the page).
 */
export function useFocusWhileOpen(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    target.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [target]);
}
