import type { ComponentProps } from 'react';
import { cn } from './cn';

export type FormMessageTone = 'error' | 'success';

export interface FormMessageProps extends Omit<ComponentProps<'div'>, 'role'> {
  tone: FormMessageTone;
}

/**
 * A form's result message: errors in a red box announced assertively (role="alert"), successes in a
 * green box announced politely (role="status"). Renders nothing without children.
 */
export function FormMessage({ tone, className, children, ...props }: FormMessageProps) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      className={cn('ui-message', `ui-message--${tone}`, className)}
      data-tone={tone}
      {...props}
    >
      {children}
    </div>
  );
}
