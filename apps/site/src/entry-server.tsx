// Build-time rendering (vite build --ssr): scripts/prerender.mjs writes each page's HTML into dist,
// and the dev server renders the same way on each request (vite.config.ts).
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingPage } from './app/landing-page';
import { NotFoundPage } from './app/not-found-page';
import { WaitlistPage } from './app/waitlist-page';
import { env } from './config/env';
import { validateContent } from './content/validate';

export type PageName = 'index' | 'waitlist' | '404';

const pages: Record<PageName, () => ReactNode> = {
  index: () => <LandingPage config={env} />,
  waitlist: () => <WaitlistPage config={env} />,
  '404': () => <NotFoundPage />,
};

export function render(page: PageName): string {
  return renderToString(<StrictMode>{pages[page]()}</StrictMode>);
}

export { validateContent };
