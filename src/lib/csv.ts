// CSV files people open in a spreadsheet (challenge entries, creator analytics): UTF-8 with a
// byte-order mark, so Excel in Japan reads the Japanese text correctly; CRLF line ends; fields
// that a spreadsheet would run as a formula are neutralised.
import { downloadTextFile } from "./download-file";

/** Quotes a field when it holds a comma, quote or line break; neutralises spreadsheet formulas. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The whole file: BOM, then each row's fields made safe and joined. */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return "\uFEFF" + rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** Saves a CSV (csvDocument) as a file. Browser only: call from events. */
export function downloadCsv(fileName: string, csv: string) {
  downloadTextFile(fileName, csv, "text/csv;charset=utf-8");
}
