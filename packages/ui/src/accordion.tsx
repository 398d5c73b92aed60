import { useId, useState, type ReactNode } from 'react';
import { cn } from './cn';
import { Icon, minusPath, plusPath } from './icon';

export interface AccordionItem {
  id: string;
  heading: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Heading level of each item's button wrapper (WAI-ARIA accordion pattern). */
  headingLevel?: 2 | 3 | 4;
  /** Index open at first; none by default. */
  initialOpenIndex?: number | null;
  className?: string;
}

/**
 * SPEC §4: one open index or none. Opening an item closes the other; clicking the open item closes it.
 * Closed answers stay in the HTML (with the hidden attribute), so search engines still read them.
 */
export function Accordion({ items, headingLevel = 3, initialOpenIndex = null, className }: AccordionProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(initialOpenIndex);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cn('ui-accordion', className)}>
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-button-${item.id}`;
        const panelId = `${baseId}-panel-${item.id}`;
        return (
          <div key={item.id} className="ui-accordion__item" data-open={open}>
            <Heading className="ui-accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="ui-accordion__trigger"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
              >
                <span>{item.heading}</span>
                <Icon path={open ? minusPath : plusPath} size={20} />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="ui-accordion__panel"
              hidden={!open}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
