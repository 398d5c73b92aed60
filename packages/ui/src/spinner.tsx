import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A small animated ring; decorative (the text beside it carries the meaning). */
export function Spinner({ className, ...props }: ComponentProps<'span'>) {
  return <span aria-hidden="true" className={cn('ui-spinner', className)} {...props} />;
}
