// GET /unsubscribe?token=…&erase=… (the "Unsubscribe" and "Delete my data" links): the shell with its
// forms' tokens (link-pages.ts).
export { makeUnsubscribePageHandler } from './link-pages';
