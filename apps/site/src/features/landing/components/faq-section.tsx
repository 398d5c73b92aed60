import { anchors } from '../../../config/paths';
import { faq, faqSection } from '../../../content/landing';
import { Island } from '../../../islands/island';
import { FaqAccordion } from './faq-accordion';

/** #faq: ten questions, one open at a time (SPEC §2, §4). */
export function FaqSection() {
  const items = [...faq];
  return (
    <section id={anchors.faq} className="section section--tinted section-anchor" aria-labelledby="faq-title">
      <div className="container container--narrow">
        <header className="section__header" data-animate>
          <h2 id="faq-title">{faqSection.heading}</h2>
        </header>
        <Island name="faq" props={{ items }}>
          <FaqAccordion items={items} />
        </Island>
      </div>
    </section>
  );
}
