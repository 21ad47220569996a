// A challenge's results card, made in the background in the organiser's browser once the
// decision is saved: read what the results show (challengeResults.highlights), draw the card,
// upload it, have the server check it (screenshots.checkShareCard) and put it on the challenge
// (challengeResults.setResultsCard). Nothing waits for it and a failure shows nothing: the share
// page uses the winning work's card or thumbnail meanwhile. An upload that never reaches the
// challenge is discarded (or, should that fail too, swept with the day's unposted uploads).
import type { Id } from "../../../../convex/_generated/dataModel";
import type { Award } from "../../../../convex/model/judgingRules";
import type { ResultsCardInput } from "./make-results-card";

type FileId = Id<"_storage">;

/** What challengeResults.highlights answers. */
export type ResultsHighlights = {
  title: string;
  winner: { title: string; authorName: string; thumbnailUrl: string | null } | null;
  awards: ReadonlyArray<{ award: Award; title: string }>;
} | null;

export type ResultsCardSteps = {
  highlights: (challengeId: Id<"challenges">) => Promise<ResultsHighlights>;
  draw: (input: ResultsCardInput) => Promise<Blob>;
  upload: (card: Blob) => Promise<FileId>;
  check: (storageId: FileId) => Promise<unknown>;
  attach: (args: { challengeId: Id<"challenges">; storageId: FileId }) => Promise<unknown>;
  discard: (storageId: FileId) => Promise<unknown>;
};

/** Makes the results card and puts it on the challenge. Resolves whether it was attached; never rejects. */
export async function sendResultsCard(challengeId: Id<"challenges">, steps: ResultsCardSteps): Promise<boolean> {
  let uploaded: FileId | null = null;
  try {
    const results = await steps.highlights(challengeId);
    // No results yet, or the winning work is gone: the share page has nothing better to show.
    if (!results?.winner) return false;
    const card = await steps.draw({
      challengeTitle: results.title,
      winner: { title: results.winner.title, authorName: results.winner.authorName },
      awards: results.awards.map(({ award, title }) => ({ award, title })),
      thumbnailUrl: results.winner.thumbnailUrl,
    });
    uploaded = await steps.upload(card);
    await steps.check(uploaded);
    await steps.attach({ challengeId, storageId: uploaded });
    return true;
  } catch (error) {
    console.warn("The results card could not be made; the share page shows the winner's image.", error);
    if (uploaded !== null) await steps.discard(uploaded).catch(() => undefined);
    return false;
  }
}
