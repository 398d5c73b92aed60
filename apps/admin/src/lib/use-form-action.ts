import { useState, type FormEvent } from 'react';

export interface FormActionSteps<T> {
  /** Checked first; a message refuses the submit without calling `run`. */
  validate?: () => string | null;
  /** The call; what it resolves is the success, shown until the next submit. */
  run: () => Promise<T>;
  /** The message shown when `run` throws. */
  failure: (error: unknown) => string;
  /** After the success is set, e.g. to clear the inputs. */
  onSuccess?: (success: T) => void;
  /** The success replaces the form (sign-in, new password): it stays pending until it is gone. */
  pendingAfterSuccess?: boolean;
}

export interface FormAction<T> {
  pending: boolean;
  error: string;
  /** null until a submit succeeds. */
  success: T | null;
  /** `event` is null for an action started by a button outside a form. */
  submit: (event: FormEvent<HTMLFormElement> | null, steps: FormActionSteps<T>) => Promise<void>;
}

/** A form's submit: messages cleared at each submit, validation, then the call while pending. */
export function useFormAction<T = string>(): FormAction<T> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState<T | null>(null);

  async function submit(event: FormEvent<HTMLFormElement> | null, steps: FormActionSteps<T>): Promise<void> {
    event?.preventDefault();
    setError('');
    setSuccess(null);
    const invalid = steps.validate?.() ?? null;
    if (invalid) {
      setError(invalid);
      return;
    }
    setPending(true);
    try {
      const value = await steps.run();
      setSuccess(() => value);
      steps.onSuccess?.(value);
      if (!steps.pendingAfterSuccess) setPending(false);
    } catch (caught) {
      setSuccess(null);
      setError(steps.failure(caught));
      setPending(false);
    }
  }

  return { pending, error, success, submit };
}
