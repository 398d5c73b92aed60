import { filteredSpreadsheetFileName, spreadsheetFileName } from '@silk/schema/formatters';
import type { SignupView } from '@silk/schema/signup-view';
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

/**
 * "Download spreadsheet": every signup, saved as waitlist_signups_{date}.xlsx; with a view ("Download
 * filtered view"), the rows it leaves as waitlist_signups_{date}_filtered.xlsx. Errors only logged (PRODUCT.md#messages).
 */
export function useSpreadsheetDownload(): {
  downloading: boolean;
  download: (view?: SignupView) => Promise<void>;
} {
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async (view?: SignupView) => {
    setDownloading(true);
    try {
      const blob = await fetchSpreadsheet(view);
      saveBlob(blob, view ? filteredSpreadsheetFileName() : spreadsheetFileName());
    } catch (error) {
      console.error('Spreadsheet download failed', error);
    } finally {
      setDownloading(false);
    }
  }, []);
  return { downloading, download };
}
