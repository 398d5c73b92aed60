import { spreadsheetFileName } from '@silk/schema/formatters';
import { useCallback, useState } from 'react';
import { fetchSpreadsheet } from '@/features/signups/api/spreadsheet';

/** Saves a blob under a file name through a temporary link. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Download spreadsheet": export call, file saved as waitlist_signups_{date}.xlsx; errors only logged (SPEC §8). */
export function useSpreadsheetDownload(): { downloading: boolean; download: () => Promise<void> } {
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async () => {
    setDownloading(true);
    try {
      saveBlob(await fetchSpreadsheet(), spreadsheetFileName());
    } catch (error) {
      console.error('Spreadsheet download failed', error);
    } finally {
      setDownloading(false);
    }
  }, []);
  return { downloading, download };
}
