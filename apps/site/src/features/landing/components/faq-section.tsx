import { anchors } from '@/config/paths';
import { faq, faqSection } from '@/content/landing';
import { Island } from '@/islands/island';
import { FaqAccordion } from './faq-accordion';
import { LandingSection, SectionHeader } from './landing-section';

/** #faq: ten questions, one open at a time (PRODUCT.md#landing). */
export function FaqSection() {
  const items = [...faq];
  return (
    <LandingSection anchor={anchors.faq} titleId="faq-title" tinted narrow>
      <SectionHeader copy={faqSection} titleId="faq-title" />
      <Island name="faq" props={{ items }}>
        <FaqAccordion items={items} />
      </Island>
    </LandingSection>
  );
}
