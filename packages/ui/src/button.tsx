import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * The looks of a button, each a `button--<variant>` class: light sits on dark backgrounds, danger confirms
 * a destructive action, link looks like a link but acts in place.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'light' | 'ghost' | 'link';

/** The classes of a button of that variant, also for a link that looks like a button. */
export function buttonClassName(variant: ButtonVariant = 'primary', className?: string): string {
  return cn('button', `button--${variant}`, className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  /** Required: a button inside a form submits unless it says otherwise. */
  type: 'button' | 'submit' | 'reset';
  variant?: ButtonVariant;
}

export function Button({ type, variant, className, ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...props} />;
}
