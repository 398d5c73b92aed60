import { buttonClassName } from '@silk/ui/button';
import { anchors } from '@/config/paths';
import { closingCta } from '@/content/landing';

/** The closing call to action: back up to the hero form (motion.ts focuses its e-mail field). */
export function ClosingCta() {
  return (
    <section className="closing-cta" aria-labelledby="closing-title">
      <div className="container closing-cta__inner" data-animate>
        <h2 id="closing-title">{closingCta.heading}</h2>
        <p>{closingCta.text}</p>
        <a className={buttonClassName('light')} href={`#${anchors.hero}`}>
          {closingCta.linkLabel}
        </a>
      </div>
    </section>
  );
}
