// Build-time rendering (vite build --ssr): scripts/prerender.mjs writes each prerendered page of
// src/config/pages.ts into dist, and the dev server renders the same way on each request
// (build/site-pages.ts).
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ConfirmPage } from './app/confirm-page';
import { InvitePage } from './app/invite-page';
import { LandingPage } from './app/landing-page';
import { NotFoundPage } from './app/not-found-page';
import { StatusPage } from './app/status-page';
import { UnsubscribePage } from './app/unsubscribe-page';
import { WaitlistPage } from './app/waitlist-page';
import { env } from './config/env';
import { prerenderedPages, type PrerenderedPageId } from './config/pages';
import { validateContent } from './content/validate';

/** The component of each prerendered page (the type makes a missing one a compile error). */
const pageElements: Record<PrerenderedPageId, () => ReactNode> = {
  index: () => <LandingPage config={env} />,
  waitlist: () => <WaitlistPage config={env} />,
  confirm: () => <ConfirmPage apiBase={env.apiBase} />,
  unsubscribe: () => <UnsubscribePage apiBase={env.apiBase} />,
  status: () => <StatusPage />,
  invite: () => <InvitePage />,
  '404': () => <NotFoundPage />,
};

export const renderedPageIds = Object.keys(pageElements);

export function render(id: string): string {
  if (!Object.hasOwn(pageElements, id)) throw new Error(`No component for the page "${id}"`);
  return renderToString(<StrictMode>{pageElements[id as PrerenderedPageId]()}</StrictMode>);
}

export { env, prerenderedPages, validateContent };
export { PAGE_LOADER_SCRIPT, PAGE_MODULES_ID } from './islands/page-scripts';
