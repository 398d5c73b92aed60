import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { signupDeleted } from '@silk/schema/messages';
import { useCallback, useState } from 'react';
import { deleteSignup, deleteSignupFailure } from '@/features/signups/api/delete-signup';
import { useFormAction } from '@/lib/use-form-action';

/**
 * An Admin's "Delete" of one signup: the row asked about (the confirmation dialog is open while it is
 * set), then the call, its pending state and its message. `onDeleted` runs after a success.
 */
export function useSignupDeletion(onDeleted: () => void) {
  const action = useFormAction<string>();
  const [asking, setAsking] = useState<WaitlistSignupRow | null>(null);
  const ask = useCallback((row: WaitlistSignupRow) => setAsking(row), []);
  const cancel = useCallback(() => setAsking(null), []);

  function confirm() {
    const row = asking;
    setAsking(null);
    if (!row || action.pending) return;
    void action.submit(null, {
      run: async () => {
        await deleteSignup(row.email);
        return signupDeleted(row.email);
      },
      failure: deleteSignupFailure,
      onSuccess: onDeleted,
    });
  }

  return {
    asking,
    ask,
    cancel,
    confirm,
    pending: action.pending,
    error: action.error,
    success: action.success,
  };
}
