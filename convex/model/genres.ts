// The genres of works, shared by the server and the browser (through convex/constants.ts, or
// directly where only they are wanted: src/lib/genres.ts). Plain data only.

/** Genres a work can have (the submit list), with their Japanese labels. */
export const GENRES = [
  { id: "webapp", label: "Webアプリ" },
  { id: "mobile", label: "モバイルアプリ" },
  { id: "game", label: "ゲーム" },
  { id: "tool", label: "ツール" },
  { id: "ai", label: "AI" },
  { id: "design", label: "デザイン" },
  { id: "education", label: "教育" },
  { id: "business", label: "ビジネス" },
  { id: "entertainment", label: "エンタメ" },
  { id: "other", label: "その他" },
] as const;
export type Genre = (typeof GENRES)[number]["id"];
export const GENRE_IDS = GENRES.map((g) => g.id) as readonly Genre[];

/** Older gallery links used `?genre=web`; it means `webapp` (docs/product.md "Gallery"). */
export const GENRE_ALIASES: Readonly<Record<string, Genre>> = { web: "webapp" };
