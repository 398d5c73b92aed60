import { downloadWaitlist } from '@silk/data-access/api-client';
import { staffClient } from '@silk/data-access/staff-client';
import type { SignupView } from '@silk/schema/signup-view';
import { adminServices } from '@/lib/services';

/**
 * The export call with the signed-in user's ID token: resolves the spreadsheet of every signup, or with
 * a view, of the rows it leaves (the server applies it).
 */
export async function fetchSpreadsheet(view?: SignupView): Promise<Blob> {
  const client = await staffClient(adminServices());
  // The zone the table shows its dates in (the browser's), so the sheet's dates read the same.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return downloadWaitlist(client, view, timeZone);
}
