import type { ComponentProps } from 'react';

interface ChartSvgProps extends ComponentProps<'svg'> {
  /** The chart's kind, for its class name. */
  variant: 'bars' | 'time';
  width: number;
  height: number;
  /** The chart's accessible name (it is one image to assistive technology). */
  label: string;
}

/** The svg of an insights chart: one image named by `label`, drawn in a `width` × `height` view box. */
export function ChartSvg({ variant, width, height, label, children, ...props }: ChartSvgProps) {
  return (
    <svg
      className={`insights-chart insights-chart--${variant}`}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      {...props}
    >
      {children}
    </svg>
  );
}
