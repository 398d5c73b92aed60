// GET /unsubscribe?token=…&erase=… (the "Unsubscribe" and "Delete my data" links): the shell with its
// forms' tokens (link-pages.ts).
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { httpsFunction } from '../shared/https-function';
import { makeUnsubscribePageHandler } from './link-pages';

export const unsubscribePage = httpsFunction(HTTP_FUNCTION_OPTIONS, makeUnsubscribePageHandler());
