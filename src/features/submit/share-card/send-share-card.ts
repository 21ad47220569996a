// A work's share card, made in the background once 投稿する / 更新する has saved the work: draw it,
// upload it, have the server check it (screenshots.checkShareCard) and put it on the work
// (projects.setShareCard). Nothing waits for it and a failure shows nothing: the share page
// uses the thumbnail until the card arrives. An upload that never reaches the work is discarded
// (or, should that fail too, swept with the day's unposted uploads).
import type { Id } from "../../../../convex/_generated/dataModel";
import { cleanText } from "../../../../convex/model/cleanText";
import type { CoverImage } from "../use-screenshot-uploads";
import type { ShareCardInput } from "./make-share-card";

type FileId = Id<"_storage">;

/** The work as it was just saved: what its card shows. */
export type ShareCardJob = {
  workId: Id<"projects">;
  title: string;
  isZeroCode: boolean;
  /** The first screenshot as saved, which the card is drawn from. */
  cover: CoverImage & { source: NonNullable<CoverImage["source"]> };
};

export type ShareCardAuthor = ShareCardInput["author"];

/** What making a card takes, one step each (the Convex calls, and the drawing in make-share-card.ts). */
export type ShareCardSteps = {
  draw: (input: ShareCardInput) => Promise<Blob>;
  upload: (card: Blob) => Promise<FileId>;
  check: (storageId: FileId) => Promise<unknown>;
  attach: (args: { id: Id<"projects">; storageId: FileId; title: string; firstScreenshot: FileId }) => Promise<boolean>;
  discard: (storageId: FileId) => Promise<unknown>;
};

/**
 * Makes the work's card and puts it on the work. Resolves whether it was attached (false also
 * when a later edit overtook it: the server then deleted it); never rejects.
 */
export async function sendShareCard(job: ShareCardJob, author: ShareCardAuthor, steps: ShareCardSteps): Promise<boolean> {
  // As the server stored the title, so the card shows it and matches it.
  const title = cleanText(job.title);
  let uploaded: FileId | null = null;
  try {
    const card = await steps.draw({ title, isZeroCode: job.isZeroCode, screenshot: job.cover.source, author });
    uploaded = await steps.upload(card);
    await steps.check(uploaded);
    return await steps.attach({ id: job.workId, storageId: uploaded, title, firstScreenshot: job.cover.storageId as FileId });
  } catch (error) {
    console.warn("The share card could not be made; the share page shows the thumbnail.", error);
    if (uploaded !== null) await steps.discard(uploaded).catch(() => undefined);
    return false;
  }
}

/**
 * Whether a saved edit needs a new card: the work has none yet, or the title or first screenshot
 * it shows changed (the server then dropped the old one).
 */
export function editNeedsCard(
  before: { hasShareCard: boolean; title: string; firstScreenshot: string | undefined },
  saved: { title: string; firstScreenshot: string | undefined },
): boolean {
  return !before.hasShareCard || cleanText(saved.title) !== before.title || saved.firstScreenshot !== before.firstScreenshot;
}
