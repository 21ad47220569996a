import { GENRE_ALIASES, GENRES } from "../../convex/model/genres";

const labels = new Map<string, string>(GENRES.map((g) => [g.id, g.label]));

/** The Japanese label of a genre id ("webapp" → "Webアプリ"). */
export function genreLabel(genre: string): string {
  return labels.get(GENRE_ALIASES[genre] ?? genre) ?? genre;
}
