import { Carousel } from '@silk/ui/carousel';
import { CAROUSEL_AUTO_ADVANCE_MS, SLIDE_TRANSITION_MS } from '@/config/constants';
import { howItWorksSection } from '@/content/landing';

/** A slide as the browser receives it: its HTML was rendered at build time (no slide copy in JS). */
export interface RenderedSlide {
  id: string;
  title: string;
  html: string;
}

/** The #how-it-works carousel island (PRODUCT.md#landing, PRODUCT.md#constants: six slides, 5000 ms, 500 ms). */
export function DemoCarousel({ slides }: { slides: RenderedSlide[] }) {
  return (
    <Carousel
      items={slides}
      label={howItWorksSection.carouselLabel}
      getKey={(slide) => slide.id}
      getTitle={(slide) => slide.title}
      renderSlide={(slide) => (
        <div className="slide-frame" dangerouslySetInnerHTML={{ __html: slide.html }} />
      )}
      autoAdvanceMs={CAROUSEL_AUTO_ADVANCE_MS}
      transitionMs={SLIDE_TRANSITION_MS}
    />
  );
}
