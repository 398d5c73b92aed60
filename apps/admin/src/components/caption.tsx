import type { ComponentPropsWithoutRef } from 'react';

/**
 * A short muted line in a tab: a count, the setting in force, what a section is for. Its role or
 * aria-live, where it has one, is the caller's.
 */
export function Caption(props: ComponentPropsWithoutRef<'p'>) {
  return <p className="caption" {...props} />;
}
