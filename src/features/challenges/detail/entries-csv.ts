// The organiser's CSV of entries (DECISIONS.md "Challenges"), for judging offline. UTF-8 with a
// byte-order mark, so Excel in Japan opens the Japanese text correctly.

export type CsvEntry = { title: string; author: string; projectId: string; votesCount: number; enteredAt: number };

export const CSV_HEADER = ["タイトル", "作成者", "作品URL", "投票数", "提出日時"];

/** Quotes a field when it holds a comma, quote or line break; neutralises spreadsheet formulas. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** 2026-11-23 14:05 in Japan time. */
export function csvTime(ms: number): string {
  return new Date(ms + 9 * 60 * 60 * 1000).toISOString().slice(0, 16).replace("T", " ");
}

export function entriesCsv(rows: CsvEntry[], workUrl: (projectId: string) => string): string {
  const lines = [CSV_HEADER, ...rows.map((row) => [row.title, row.author, workUrl(row.projectId), String(row.votesCount), csvTime(row.enteredAt)])];
  return "\uFEFF" + lines.map((line) => line.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** A file name that is safe everywhere: the title with path and control characters removed. */
export function csvFileName(title: string): string {
  const cleaned = Array.from(title)
    .filter((char) => char >= " " && !'\\/:*?"<>|'.includes(char))
    .join("")
    .trim()
    .slice(0, 40);
  return `${cleaned || "challenge"}_提出作品.csv`;
}
