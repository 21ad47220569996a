// Makes a challenge's results card in the browser: loads the winning work's thumbnail (fetched
// with CORS, so the canvas stays readable), then draws and encodes the card.
import { loadCardImage, renderCard } from "@/lib/share-card/encode-card";
import { drawResultsCard } from "./draw-results-card";
import type { ResultsCardText } from "./results-card-layout";

export type ResultsCardInput = ResultsCardText & { thumbnailUrl: string | null };

/** Draws and encodes the card; throws when the canvas fails. A screenshot that cannot be read leaves a plain frame. */
export async function makeResultsCard(input: ResultsCardInput): Promise<Blob> {
  const screenshot = input.thumbnailUrl ? await loadCardImage(input.thumbnailUrl).catch(() => null) : null;
  try {
    const text = `結果発表優勝${input.challengeTitle}${input.winner.title}${input.winner.authorName}さん${input.awards.map((a) => a.title).join("")}優秀賞特別賞`;
    return await renderCard(text, (ctx, family) => drawResultsCard(ctx, { ...input, screenshot }, family));
  } finally {
    screenshot?.close();
  }
}
