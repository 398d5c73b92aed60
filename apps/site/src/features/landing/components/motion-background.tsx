/**
 * Decorative background of the hero (PRODUCT.md#landing): parallax layers moved by the tracked scroll position
 * (--scroll-y, each layer at its own speed) and a fog overlay that fades out once its flag
 * (data-cleared) is set by motion.ts. Hidden from assistive technology; still under reduced motion.
 */
export function MotionBackground() {
  return (
    <div className="motion-background" aria-hidden="true" data-parallax>
      <div className="parallax-layer parallax-layer--far" />
      <div className="parallax-layer parallax-layer--mid" />
      <div className="parallax-layer parallax-layer--near" />
      <div className="fog" data-fog data-cleared="false" />
    </div>
  );
}
