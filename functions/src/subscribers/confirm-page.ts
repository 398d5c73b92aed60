// GET /confirm?token=… (the "Confirm my spot" link): the shell with its form's token (link-pages.ts).
export { makeConfirmPageHandler } from './link-pages';
