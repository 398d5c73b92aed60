import { Logo } from '@silk/ui/logo';
import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { site } from '@/content/site';

/** Fixed top bar with the logo and one action (PRODUCT.md#landing); data-scrolled is set by the scroll tracking. */
export function SiteHeader({ action }: { action: ReactNode }) {
  return (
    <header className="top-bar" data-top-bar data-scrolled="false">
      <div className="top-bar__inner container">
        <a className="top-bar__home" href={paths.landing} aria-label={`${site.productName} home`}>
          <Logo name={site.productName} />
        </a>
        {action}
      </div>
    </header>
  );
}

export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      {site.skipLinkLabel}
    </a>
  );
}
