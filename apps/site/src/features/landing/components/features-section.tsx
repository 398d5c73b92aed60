import { NamedIcon } from '@silk/ui/icon';
import { PILLAR_STAGGER_MS } from '@/config/constants';
import { anchors } from '@/config/paths';
import { painPoints, painPointsSection, pillars, pillarsSection } from '@/content/landing';
import type { PainPoint, Pillar } from '@/content/schemas';
import { LandingSection, RevealCard, SectionHeader } from './landing-section';

interface IconCardGridProps {
  items: readonly (PainPoint | Pillar)[];
  gridClassName: string;
  cardClassName: string;
  iconClassName: string;
  /** Reveals each card this much after the one before it. */
  staggerMs?: number;
}

/** Four cards, each an icon, a title and a description. */
function IconCardGrid({ items, gridClassName, cardClassName, iconClassName, staggerMs }: IconCardGridProps) {
  return (
    <ul className={`card-grid card-grid--four ${gridClassName}`}>
      {items.map((item, index) => (
        <RevealCard
          key={item.title}
          className={`card ${cardClassName}`}
          delayMs={staggerMs === undefined ? undefined : index * staggerMs}
        >
          <span className={iconClassName}>
            <NamedIcon name={item.icon} size={28} />
          </span>
          <h3>{item.title}</h3>
          <p>{item.description}</p>
        </RevealCard>
      ))}
    </ul>
  );
}

/** #features: the four pain points, then the four pillars (staggered 200 ms each). */
export function FeaturesSection() {
  return (
    <LandingSection anchor={anchors.features} titleId="features-title">
      <SectionHeader copy={painPointsSection} titleId="features-title" />
      <IconCardGrid
        items={painPoints}
        gridClassName="pain-points"
        cardClassName="pain-point"
        iconClassName="card__icon card__icon--warm"
      />
      <SectionHeader copy={pillarsSection} spaced />
      <IconCardGrid
        items={pillars}
        gridClassName="pillars"
        cardClassName="pillar"
        iconClassName="card__icon"
        staggerMs={PILLAR_STAGGER_MS}
      />
    </LandingSection>
  );
}
