// Reads an exported workbook back (exceljs reader) and its raw sheet XML (jszip), for tests.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

export interface ReadWorkbook {
  sheetName: string;
  header: unknown[];
  /** The header cells' notes, by header text. */
  headerNotes: Record<string, string>;
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
  const headerNotes: Record<string, string> = {};
  sheet.getRow(1).eachCell((cell) => {
    const { note } = cell;
    if (note === undefined) return;
    headerNotes[String(cell.value)] =
      typeof note === 'string' ? note : (note.texts ?? []).map((text) => text.text).join('');
  });
  const zip = await JSZip.loadAsync(buffer);
  const files = Object.keys(zip.files);
  const sheetFile = zip.file('xl/worksheets/sheet1.xml');
  if (!sheetFile) throw new Error('the workbook has no xl/worksheets/sheet1.xml');
  const sheetXml = await sheetFile.async('string');
  return { sheetName: sheet.name, header: rows[0] ?? [], headerNotes, rows: rows.slice(1), sheetXml, files };
}
