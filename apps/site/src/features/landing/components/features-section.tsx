import { NamedIcon } from '@silk/ui/icon';
import type { CSSProperties } from 'react';
import { PILLAR_STAGGER_MS } from '../../../config/constants';
import { anchors } from '../../../config/paths';
import { painPoints, painPointsSection, pillars, pillarsSection } from '../../../content/landing';

function ItemIcon({ name }: { name: string }) {
  return <NamedIcon name={name} size={28} />;
}

/** #features: the four pain points, then the four pillars (staggered 200 ms each). */
export function FeaturesSection() {
  return (
    <section id={anchors.features} className="section section-anchor" aria-labelledby="features-title">
      <div className="container">
        <header className="section__header" data-animate>
          <h2 id="features-title">{painPointsSection.heading}</h2>
          <p className="section__lead">{painPointsSection.lead}</p>
        </header>
        <ul className="card-grid card-grid--four pain-points">
          {painPoints.map((point) => (
            <li key={point.title} className="card pain-point" data-animate>
              <span className="card__icon card__icon--warm">
                <ItemIcon name={point.icon} />
              </span>
              <h3>{point.title}</h3>
              <p>{point.description}</p>
            </li>
          ))}
        </ul>
        <header className="section__header section__header--spaced" data-animate>
          <h2>{pillarsSection.heading}</h2>
          <p className="section__lead">{pillarsSection.lead}</p>
        </header>
        <ul className="card-grid card-grid--four pillars">
          {pillars.map((pillar, index) => (
            <li
              key={pillar.title}
              className="card pillar"
              data-animate
              style={{ '--reveal-delay': `${index * PILLAR_STAGGER_MS}ms` } as CSSProperties}
            >
              <span className="card__icon">
                <ItemIcon name={pillar.icon} />
              </span>
              <h3>{pillar.title}</h3>
              <p>{pillar.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
