import type { CSSProperties, ReactNode } from 'react';

/** A section's heading and optional lead, as the content of src/content/landing.ts gives them. */
export interface SectionCopy {
  heading: string;
  lead?: string;
}

interface SectionHeaderProps {
  copy: SectionCopy;
  /** The heading's id, for the section's aria-labelledby. */
  titleId?: string;
  /** A second header within a section, set apart from the content above it. */
  spaced?: boolean;
}

/** A landing section's header: its h2 and lead, revealed on scroll. */
export function SectionHeader({ copy, titleId, spaced = false }: SectionHeaderProps) {
  return (
    <header className={spaced ? 'section__header section__header--spaced' : 'section__header'} data-animate>
      <h2 id={titleId}>{copy.heading}</h2>
      {copy.lead === undefined ? null : <p className="section__lead">{copy.lead}</p>}
    </header>
  );
}

interface LandingSectionProps {
  /** The section's anchor (config/paths.ts). */
  anchor: string;
  /** The id of the heading that labels the section (its SectionHeader's titleId). */
  titleId: string;
  tinted?: boolean;
  narrow?: boolean;
  /** The SectionHeader, then the content. */
  children: ReactNode;
}

/**
 * A landing page section: its anchor and a container. The children go into the container as they are
 * (React's useId ids, such as the carousel's in the prerendered HTML, follow the children's positions).
 */
export function LandingSection({
  anchor,
  titleId,
  tinted = false,
  narrow = false,
  children,
}: LandingSectionProps) {
  return (
    <section
      id={anchor}
      className={tinted ? 'section section--tinted section-anchor' : 'section section-anchor'}
      aria-labelledby={titleId}
    >
      <div className={narrow ? 'container container--narrow' : 'container'}>{children}</div>
    </section>
  );
}

interface RevealCardProps {
  className: string;
  /** How much later than the grid's first card this one is revealed (a staggered grid). */
  delayMs?: number;
  children: ReactNode;
}

/** A card of a grid, revealed on scroll. */
export function RevealCard({ className, delayMs, children }: RevealCardProps) {
  return (
    <li
      className={className}
      data-animate
      style={delayMs === undefined ? undefined : ({ '--reveal-delay': `${delayMs}ms` } as CSSProperties)}
    >
      {children}
    </li>
  );
}
