import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

export interface TextFieldProps extends ComponentProps<'input'> {
  label: ReactNode;
  /** Help text under the input, tied to it with aria-describedby. */
  hint?: ReactNode;
  /** What is wrong with the value: marks the input invalid, tied to it and announced (role="alert"). */
  error?: ReactNode;
  /** Leaves out the ui-field classes, for an app that styles its fields itself (className still applies). */
  unstyled?: boolean;
}

/** A labelled input; the label, hint and error are tied to the input for assistive technology. */
export function TextField({ label, hint, error, unstyled = false, id, className, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `field-${generatedId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const part = (name: string) => (unstyled ? undefined : `ui-field__${name}`);
  return (
    <div className={cn(!unstyled && 'ui-field', className) || undefined}>
      <label className={part('label')} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={part('input')}
        aria-describedby={cn(hintId, errorId) || undefined}
        aria-invalid={error ? true : undefined}
        {...props}
      />
      {hint ? (
        <p id={hintId} className={part('hint')}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={part('error')} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
