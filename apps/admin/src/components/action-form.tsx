import { Button } from '@silk/ui/button';
import { FormMessage } from '@silk/ui/form-message';
import type { ReactNode } from 'react';
import type { FormAction, FormActionSteps } from '@/lib/use-form-action';

interface ActionFormProps<T> {
  action: FormAction<T>;
  /** What a submit does, read when the form is submitted. */
  steps: () => FormActionSteps<T>;
  submitLabel: string;
  /** The green box's content; it shows only while there is some. */
  success?: ReactNode;
  /** A link-style button after the submit, e.g. "Forgot Password?". */
  secondary?: { label: string; onClick: () => void };
  /** The fields, between the messages and the buttons. */
  children: ReactNode;
}

/** A panel form: its error and success boxes, its fields, the submit (off while pending) and maybe a link button. */
export function ActionForm<T>({
  action,
  steps,
  submitLabel,
  success,
  secondary,
  children,
}: ActionFormProps<T>) {
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void action.submit(event, steps())}
      aria-busy={action.pending}
    >
      <FormMessage tone="error">{action.error}</FormMessage>
      <FormMessage tone="success">{success}</FormMessage>
      {children}
      <Button type="submit" disabled={action.pending}>
        {submitLabel}
      </Button>
      {secondary ? (
        <Button type="button" variant="link" onClick={secondary.onClick}>
          {secondary.label}
        </Button>
      ) : null}
    </form>
  );
}
