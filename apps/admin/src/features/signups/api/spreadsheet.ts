import { downloadWaitlist } from '@silk/data-access/api-client';
import { getIdToken } from '@silk/data-access/auth';
import type { SignupView } from '@silk/schema/signup-view';
import { env } from '@/config/env';
import { adminServices } from '@/lib/services';

/**
 * The export call with the signed-in user's ID token: resolves the spreadsheet of every signup, or with
 * a view, of the rows it leaves (the server applies it).
 */
export async function fetchSpreadsheet(view?: SignupView): Promise<Blob> {
  const token = await getIdToken(adminServices());
  if (!token) throw new Error('No ID token: the download needs a signed-in user.');
  // The zone the table shows its dates in (the browser's), so the sheet's dates read the same.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return downloadWaitlist(env.apiBase, token, view, timeZone);
}
