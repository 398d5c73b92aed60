import { useId, type ComponentProps } from 'react';
import { cn } from './cn';

export interface LogoProps extends ComponentProps<'span'> {
  /** Product name shown beside the mark. */
  name: string;
}

/** The Silk mark (a ribbon "S" on a dusk gradient) with the product name. */
export function Logo({ name, className, ...props }: LogoProps) {
  const gradientId = `logo-${useId()}`;
  return (
    <span className={cn('ui-logo', className)} {...props}>
      <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#5b3df5" />
            <stop offset="1" stopColor="#e0517a" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
        <path
          d="M44 20c-4-4-16-5-20 1s4 9 9 11 11 6 7 12-17 4-21-1"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinecap="round"
        />
      </svg>
      <span className="ui-logo__name">{name}</span>
    </span>
  );
}
