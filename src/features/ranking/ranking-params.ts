import { GENRE_ALIASES, GENRE_IDS, type Genre } from "../../../convex/constants";

export type RankingWindow = "today" | "week" | "month" | "all";

export const RANKING_WINDOWS: readonly { id: RankingWindow; label: string; caption: string }[] = [
  { id: "today", label: "今日", caption: "今日（日本時間）ついたいいね" },
  { id: "week", label: "今週", caption: "直近7日間についたいいね" },
  { id: "month", label: "今月", caption: "直近30日間についたいいね" },
  { id: "all", label: "全期間", caption: "これまでのいいねの合計" },
];

/** Older links' `web` means `webapp`; an unknown genre is ignored. */
function parseGenre(value: string | null): Genre | undefined {
  if (!value) return undefined;
  const id = GENRE_ALIASES[value] ?? value;
  return (GENRE_IDS as readonly string[]).includes(id) ? (id as Genre) : undefined;
}

export type RankingParams = { window: RankingWindow; genre: Genre | undefined };

/** ?period=today|week|month|all&genre=…; the default is 今週. */
export function parseRankingParams(params: URLSearchParams): RankingParams {
  const period = params.get("period");
  return {
    window: RANKING_WINDOWS.find((w) => w.id === period)?.id ?? "week",
    genre: parseGenre(params.get("genre")),
  };
}

export function toRankingParams({ window, genre }: RankingParams): URLSearchParams {
  const params = new URLSearchParams();
  if (window !== "week") params.set("period", window);
  if (genre) params.set("genre", genre);
  return params;
}
