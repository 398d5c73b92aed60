import type { CSSProperties } from 'react';
import { CONTENT_REVEAL_DELAY_MS } from '@/config/constants';
import { creators, hero } from '@/content/landing';

/**
 * The three creator partners' logos, linking to their video channels (PRODUCT.md#landing). This is the content
 * block that appears after a 1 s delay (PRODUCT.md#landing): a CSS animation with that delay, so it also appears
 * without JavaScript and immediately under prefers-reduced-motion.
 */
export function Partners() {
  return (
    <div
      className="partners"
      data-delayed-reveal
      style={{ '--content-reveal-delay': `${CONTENT_REVEAL_DELAY_MS}ms` } as CSSProperties}
    >
      <p className="partners__heading">{hero.partnersHeading}</p>
      <ul className="partners__list">
        {creators.map((creator) => (
          <li key={creator.name}>
            <a href={creator.channelUrl} target="_blank" rel="noopener noreferrer" className="partners__link">
              <img
                src={creator.logo}
                width={creator.logoWidth}
                height={creator.logoHeight}
                alt={`${creator.name} on YouTube`}
                decoding="async"
                fetchPriority="low"
              />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
