import { buttonClassName } from '@silk/ui/button';
import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { site } from '@/content/site';
import { SiteFooter } from './site-footer';
import { SiteHeader, SkipLink } from './site-header';

/** The frame of the pages other than the landing page: header with a link home, narrow main, footer. */
export function SubpageLayout({ className, children }: { className: string; children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <SiteHeader
        action={
          <a className={buttonClassName('ghost')} href={paths.landing}>
            {site.homeLinkLabel}
          </a>
        }
      />
      <main id="main" className={className}>
        <div className="container container--narrow">{children}</div>
      </main>
      <SiteFooter />
    </>
  );
}
