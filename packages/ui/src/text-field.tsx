import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  /** Help text under the input, tied to it with aria-describedby. */
  hint?: ReactNode;
  id?: string;
}

/** A labelled input; the label and hint are tied to the input for assistive technology. */
export function TextField({ label, hint, id, className, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cn('ui-field', className)}>
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="ui-field__input"
        aria-describedby={hintId}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
