import { downloadWaitlist } from '@silk/data-access/api-client';
import { getIdToken } from '@silk/data-access/auth';
import { env } from '@/config/env';
import { adminServices } from '@/lib/services';

/** The export call with the signed-in user's ID token: resolves the spreadsheet. */
export async function fetchSpreadsheet(): Promise<Blob> {
  const token = await getIdToken(adminServices());
  if (!token) throw new Error('No ID token: the download needs a signed-in user.');
  return downloadWaitlist(env.apiBase, token);
}
