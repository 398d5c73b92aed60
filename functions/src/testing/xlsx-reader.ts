// Reads an exported workbook back (exceljs reader) and its raw sheet XML (jszip), for tests.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

export interface ReadWorkbook {
  sheetName: string;
  header: unknown[];
  rows: unknown[][];
  sheetXml: string;
  files: string[];
}

export async function readWorkbook(buffer: Buffer): Promise<ReadWorkbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    // row.values is 1-based: drop the empty slot 0
    rows.push((row.values as unknown[]).slice(1));
  });
  const zip = await JSZip.loadAsync(buffer);
  const files = Object.keys(zip.files);
  const sheetFile = zip.file('xl/worksheets/sheet1.xml');
  if (!sheetFile) throw new Error('the workbook has no xl/worksheets/sheet1.xml');
  const sheetXml = await sheetFile.async('string');
  return { sheetName: sheet.name, header: rows[0] ?? [], rows: rows.slice(1), sheetXml, files };
}
