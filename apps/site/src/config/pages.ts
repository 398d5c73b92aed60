// The site's pages, the one list the rest derives from: the Vite build inputs and each page's HTML
// document (build/site-pages.ts), the server entry's renderers (src/entry-server.tsx) and the prerender
// list (scripts/prerender.mjs). Adding a page is one entry here plus its component in the server entry.
import {
  CONFIRM_SHELL_PATH,
  INVITE_SHELL_PATH,
  UNSUBSCRIBE_SHELL_PATH,
  MARKETING_TITLE,
  STATUS_SHELL_PATH,
  WAITLIST_PAGE_TITLE,
} from '@silk/schema/constants';
import { anchors, paths } from './paths';

export interface SitePage {
  /** The server entry's key for the page. */
  id: string;
  /** URL path (og:url and the canonical link). */
  path: string;
  /** The page's HTML file, relative to apps/site: a Vite build input and the file written to dist. */
  html: string;
  /** The module script of the page, from the site root. */
  entry: string;
  title: string;
  description: string;
  /** true: the build writes the server-rendered HTML into the page. */
  prerendered: boolean;
  /** false: a page for no address of its own (robots noindex, no canonical link). */
  indexed: boolean;
  /** true: the page has islands, so its head guards forms from submitting before they hydrate. */
  hydrates: boolean;
  /** An image to preload on wide screens (the hero poster). */
  preloadImage?: { href: string; type: string; media: string };
  /**
   * id of the element the first paint waits for (`<link rel="expect" blocking="render">`): a slow phone's
   * parser may otherwise paint a half-parsed hero, whose bottom-anchored background layers then move.
   */
  firstPaintAfter?: string;
}

export const sitePages = [
  {
    id: 'index',
    path: paths.landing,
    html: 'index.html',
    entry: '/src/entries/landing.tsx',
    title: MARKETING_TITLE,
    description:
      'Silk turns one sentence into a full trip: research, booking and logistics done for you, and an itinerary that fixes itself when plans change. Join the private beta waitlist.',
    prerendered: true,
    indexed: true,
    hydrates: true,
    preloadImage: { href: '/media/hero-poster.webp', type: 'image/webp', media: '(min-width: 1000px)' },
    firstPaintAfter: anchors.hero,
  },
  {
    id: 'waitlist',
    path: paths.waitlist,
    html: 'waitlist.html',
    entry: '/src/entries/waitlist.tsx',
    title: WAITLIST_PAGE_TITLE,
    description:
      'You are on the Silk waitlist. Tell us about your travels (entirely optional) and watch your inbox for your early access link.',
    prerendered: true,
    indexed: true,
    hydrates: true,
  },
  {
    // The pages of the links in our e-mails, shells: the confirmPage and unsubscribePage functions serve
    // them at /confirm and /unsubscribe with the link's tokens in their forms' hidden fields. Not indexed.
    id: 'confirm',
    path: CONFIRM_SHELL_PATH,
    html: 'confirm-shell.html',
    entry: '/src/entries/confirm.tsx',
    title: 'Confirm your spot — Silk',
    description: 'Confirm your e-mail address to secure your spot on the Silk waitlist.',
    prerendered: true,
    indexed: false,
    hydrates: true,
  },
  {
    id: 'unsubscribe',
    path: UNSUBSCRIBE_SHELL_PATH,
    html: 'unsubscribe-shell.html',
    entry: '/src/entries/unsubscribe.tsx',
    title: 'Unsubscribe — Silk',
    description: 'Unsubscribe from Silk e-mails, re-subscribe, or delete the data we hold for your address.',
    prerendered: true,
    indexed: false,
    hydrates: true,
  },
  {
    // The private status page's shell: the statusPage function serves it at /status?token=… with the
    // subscriber's numbers in its slot (not at /status itself: Hosting serves a file before a rewrite).
    id: 'status',
    path: STATUS_SHELL_PATH,
    html: 'status-shell.html',
    entry: '/src/entries/status.ts',
    title: 'Your place in line — Silk',
    description: 'Your place on the Silk waitlist, your confirmed referrals and your link to share.',
    prerendered: true,
    indexed: false,
    // Its one form (a fresh link) posts natively: the head's form guard is not wanted.
    hydrates: false,
  },
  {
    // The invitation page's shell: the invitePage function serves it at /invite?code=… with the
    // invitation's state and its forms in its slot.
    id: 'invite',
    path: INVITE_SHELL_PATH,
    html: 'invite-shell.html',
    entry: '/src/entries/invite.ts',
    title: 'Your invitation — Silk',
    description:
      'Your invitation to Silk: continue to create your account, or keep your place on the waitlist.',
    prerendered: true,
    indexed: false,
    // Its forms post natively (they work before and without a script): the head's form guard is not wanted.
    hydrates: false,
  },
  {
    // Served by Hosting for any unknown path; static (its entry only brings the stylesheet).
    id: '404',
    path: '/404',
    html: '404.html',
    entry: '/src/entries/not-found.ts',
    title: 'Page not found — Silk',
    description: 'This page does not exist. Silk is an AI travel planner: one sentence becomes a full trip.',
    prerendered: true,
    indexed: false,
    hydrates: false,
  },
] as const satisfies readonly SitePage[];

/** The ids the server entry must render (a page marked prerendered without a component fails typecheck). */
export type PrerenderedPageId = Extract<(typeof sitePages)[number], { prerendered: true }>['id'];

export const prerenderedPages: readonly SitePage[] = sitePages.filter((page) => page.prerendered);
