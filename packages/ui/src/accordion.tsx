import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';
import { Icon, minusPath, plusPath } from './icon';

export interface AccordionItem {
  id: string;
  heading: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Heading level of each item's question (inside its summary). */
  headingLevel?: 2 | 3 | 4;
  /** Index open at first; none by default. */
  initialOpenIndex?: number | null;
  className?: string;
}

/**
 * PRODUCT.md#landing: one open index or none. Opening an item closes the other; clicking the open item closes it.
 * Each item is a `details`/`summary` pair sharing one `name`, so the prerendered HTML opens and closes
 * without JavaScript (one at a time where the browser supports exclusive `details`); once hydrated, the
 * state drives it, starting from whatever was opened before. Closed answers stay in the HTML, so search
 * engines still read them.
 */
export function Accordion({ items, headingLevel = 3, initialOpenIndex = null, className }: AccordionProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(initialOpenIndex);
  const list = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  // An item opened before hydration stays the open one.
  useLayoutEffect(() => {
    const opened = [...(list.current?.children ?? [])].findIndex((item) => (item as HTMLDetailsElement).open);
    if (opened !== -1) setOpenIndex(opened);
  }, []);

  return (
    <div ref={list} className={cn('ui-accordion', className)}>
      {items.map((item, index) => {
        const open = openIndex === index;
        const summaryId = `${baseId}-summary-${item.id}`;
        return (
          <details
            key={item.id}
            className="ui-accordion__item"
            name={baseId}
            open={open}
            // The browser may open an item itself (find in page): follow it.
            onToggle={(event) => {
              if (event.currentTarget.open) setOpenIndex(index);
              else setOpenIndex((current) => (current === index ? null : current));
            }}
          >
            <summary
              id={summaryId}
              className="ui-accordion__trigger"
              onClick={(event) => {
                event.preventDefault();
                setOpenIndex(open ? null : index);
              }}
            >
              <Heading className="ui-accordion__heading">{item.heading}</Heading>
              <Icon path={plusPath} size={20} className="ui-accordion__icon ui-accordion__icon--closed" />
              <Icon path={minusPath} size={20} className="ui-accordion__icon ui-accordion__icon--open" />
            </summary>
            <div role="region" aria-labelledby={summaryId} className="ui-accordion__panel">
              {item.content}
            </div>
          </details>
        );
      })}
    </div>
  );
}
