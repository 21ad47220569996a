// The organiser's CSV of entries (docs/decisions.md "Challenge rules"), for judging offline. UTF-8
// with a byte-order mark, so Excel in Japan opens the Japanese text correctly.

import { csvDocument } from "@/lib/csv";
import { japanDateTime } from "../../../../convex/model/japanTime";

export type CsvEntry = { title: string; author: string; projectId: string; votesCount: number | null; enteredAt: number };

/** What the 投票数 column says while the challenge hides its counts. */
export const HIDDEN_COUNT = "非公開";

export const CSV_HEADER = ["タイトル", "作成者", "作品URL", "投票数", "提出日時"];

/** 2026-11-23 14:05 in Japan time. */
export const csvTime = japanDateTime;

export function entriesCsv(rows: CsvEntry[], workUrl: (projectId: string) => string): string {
  const lines = [
    CSV_HEADER,
    ...rows.map((row) => [
      row.title,
      row.author,
      workUrl(row.projectId),
      row.votesCount === null ? HIDDEN_COUNT : String(row.votesCount),
      csvTime(row.enteredAt),
    ]),
  ];
  return csvDocument(lines);
}

const MAX_NAME_CHARACTERS = 40;
/** Names Windows keeps for devices: a file cannot be called this, whatever its extension. */
const DEVICE_NAME = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A file name that is safe everywhere and still reads as the title: markup tags dropped (their
 * text kept), separators turned into spaces, quotes and wildcards dropped, control and bidi
 * characters removed, cut at 40 characters without splitting one (emoji, kana with marks).
 */
export function csvFileName(title: string): string {
  const readable = title
    .normalize("NFC")
    .replace(/<\/?[a-z][^<>]*>/gi, " ")
    .replace(/[\\/:|<>]/g, " ")
    // Control characters and direction marks (which could make "txt.exe" read as "exe.txt");
    // the zero-width joiner stays, it holds emoji together.
    .replace(/["*?\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  const characters = Array.from(new Intl.Segmenter("ja", { granularity: "grapheme" }).segment(readable), (part) => part.segment);
  // Windows drops trailing dots and spaces itself; a name that is only them would be empty.
  const short = characters
    .slice(0, MAX_NAME_CHARACTERS)
    .join("")
    .replace(/[. ]+$/, "");
  const name = DEVICE_NAME.test(short) ? `${short}_` : short;
  return `${name || "challenge"}_提出作品.csv`;
}
