// GET /confirm?token=… (the "Confirm my spot" link): the shell with its form's token (link-pages.ts).
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { httpsFunction } from '../shared/https-function';
import { makeConfirmPageHandler } from './link-pages';

export const confirmPage = httpsFunction(HTTP_FUNCTION_OPTIONS, makeConfirmPageHandler());
