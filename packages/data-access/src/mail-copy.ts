// The E-mail copy tab's calls: mailCopyList (any ready member), mailCopySave and mailCopyRestore
// (Admins). Browsers cannot read mail_copy: each goes through a function with the caller's ID token.
import type { ApiAnswer, ApiRequest } from '@silk/schema/api-contract';
import type { AdminServices } from './admin-firebase';
import { callApi } from './api-client';
import { staffClient } from './staff-client';

export type MailCopyCall = 'mailCopyList' | 'mailCopySave' | 'mailCopyRestore';

export async function callMailCopy<K extends MailCopyCall>(
  services: AdminServices,
  id: K,
  body: ApiRequest<K>,
): Promise<ApiAnswer<K>> {
  return callApi(await staffClient(services), id, body);
}
