import { Accordion } from '@silk/ui/accordion';
import type { Faq } from '@/content/schemas';

/** The #faq accordion island: one item open at a time (PRODUCT.md#landing). */
export function FaqAccordion({ items }: { items: Faq[] }) {
  return (
    <Accordion
      items={items.map((item, index) => ({
        id: String(index),
        heading: item.question,
        content: <p>{item.answer}</p>,
      }))}
    />
  );
}
