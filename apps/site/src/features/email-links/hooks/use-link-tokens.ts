import { useSyncExternalStore } from 'react';

/** The signed tokens of an e-mail link: `token` (confirm or unsubscribe) and `erase`; '' when absent. */
export interface LinkTokens {
  token: string;
  erase: string;
}

export function parseLinkTokens(search: string): LinkTokens {
  const params = new URLSearchParams(search);
  return { token: params.get('token')?.trim() ?? '', erase: params.get('erase')?.trim() ?? '' };
}

const neverChanges = () => () => undefined;
const locationSearch = () => window.location.search;
const noLocation = () => null;

/**
 * The page's link tokens from its query string; null in the prerendered HTML and while the island
 * hydrates (the build knows no token), so the first render matches the server's.
 */
export function useLinkTokens(): LinkTokens | null {
  const search = useSyncExternalStore(neverChanges, locationSearch, noLocation);
  return search === null ? null : parseLinkTokens(search);
}
