import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

export interface CardProps extends ComponentProps<'section'> {
  /** The card's heading; it also names the section for assistive technology. */
  heading: ReactNode;
  headingLevel?: 1 | 2 | 3;
}

/** A titled panel (a labelled section). */
export function Card({ heading, headingLevel = 2, className, children, ...props }: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={headingId} className={cn('ui-card', className)} {...props}>
      <Heading id={headingId} className="ui-card__title">
        {heading}
      </Heading>
      {children}
    </section>
  );
}
