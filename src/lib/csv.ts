// CSV files people open in a spreadsheet (challenge entries, creator analytics): UTF-8 with a
// byte-order mark, so Excel in Japan reads the Japanese text correctly; CRLF line ends; fields
// that a spreadsheet would run as a formula are neutralised.

/** Quotes a field when it holds a comma, quote or line break; neutralises spreadsheet formulas. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The whole file: BOM, then each row's fields made safe and joined. */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return "\uFEFF" + rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** Saves a CSV through a temporary link (no server round trip). Browser only: call from events. */
export function downloadCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
