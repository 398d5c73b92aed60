// Reads an exported workbook back (exceljs reader) and its raw sheet XML (jszip), for tests.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

export interface SheetRows {
  header: unknown[];
  rows: unknown[][];
}

export interface ReadWorkbook {
  sheetName: string;
  /** Every worksheet's name, in order. */
  sheetNames: string[];
  /** Every worksheet's header and rows, by name. */
  sheets: Record<string, SheetRows>;
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
  const sheets: Record<string, SheetRows> = {};
  for (const each of workbook.worksheets) {
    const all: unknown[][] = [];
    each.eachRow({ includeEmpty: true }, (row) => {
      // row.values is 1-based: drop the empty slot 0
      all.push((row.values as unknown[]).slice(1));
    });
    sheets[each.name] = { header: all[0] ?? [], rows: all.slice(1) };
  }
  const first = sheets[sheet.name] ?? { header: [], rows: [] };
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
  return {
    sheetName: sheet.name,
    sheetNames: workbook.worksheets.map((each) => each.name),
    sheets,
    header: first.header,
    headerNotes,
    rows: first.rows,
    sheetXml,
    files,
  };
}
