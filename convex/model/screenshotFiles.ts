// The registry of screenshot files and share cards (table `screenshotFiles`). The wizard uploads
// each picked image and its thumbnail at once, so those files exist before the work does. The
// share card (kind "shareCard"; a card is never a screenshot nor the other way round) comes
// after: once 投稿する / 更新する has saved the work, the browser draws it in the background.
//
// 1. upload: the browser posts the original and its thumbnail (or the card) to upload URLs;
// 2. check (actions screenshots.checkUpload / checkShareCard): the real bytes are read; refused
//    files are deleted, accepted ones are registered as the caller's pending upload
//    (`claimFiles`);
// 3. post: a work takes only the caller's own pending files (or keeps its own), which then point
//    at the work: screenshots through projects.create / update (`attachWorkFiles`), the card
//    through projects.setShareCard (`attachShareCard`). A card no longer showing the work's title
//    and first screenshot is deleted: by the edit that changed them (`shareCardAfterEdit`), or on
//    arrival when an edit overtook it;
// 4. files never posted are swept after a day (`sweepPendingBatch`, from convex/crons.ts),
//    except those a draft holds (model/drafts.ts) while it exists.
//
// A challenge's results card is a share card too, checked the same way, which then points at its
// challenge (`challengeId`, through challengeResults.setResultsCard: `attachResultsCard`) instead
// of a work: from then on it is neither pending nor swept, until a newer card replaces it or the
// challenge is deleted (`releaseResultsCard`).
//
// So another work's files, someone's photo or a file that skipped the byte check can never be
// attached, and deleting one work can never delete another's images.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { IMAGE_CONTENT_TYPES, LIMITS, SHARE_CARD, SHARE_CARD_CONTENT_TYPES, THUMBNAIL_CONTENT_TYPES } from "../constants";
import { userError } from "./errors";
import { deleteStoredFile, IMAGE_MESSAGES, imageRefusal, isFileInUse } from "./images";
import { cardAuthorOf } from "./shareCardAuthor";

export type Screenshot = Doc<"projects">["screenshots"][number];

/** What a registered file is: part of a screenshot (original or thumbnail) or a share card. */
export type FileKind = "screenshot" | "shareCard";
const kindOf = (row: Doc<"screenshotFiles">): FileKind => row.kind ?? "screenshot";

/** Thumbnails are made in the browser at most 640 px wide; anything near 5 MB is not one. */
export const THUMBNAIL_MAX_BYTES = 1024 * 1024;

/** How long an upload may wait in the wizard before it is swept. */
export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** Every file of the screenshots, originals and thumbnails. */
export const filesOf = (shots: readonly Screenshot[]) => shots.flatMap((shot) => [shot.storageId, shot.thumbnailStorageId]);

/** Every file of a work: its screenshots' and its share card. */
export const workFilesOf = (work: Pick<Doc<"projects">, "screenshots" | "shareCardStorageId">) => [
  ...filesOf(work.screenshots),
  ...(work.shareCardStorageId ? [work.shareCardStorageId] : []),
];

export function uploadFailed() {
  return userError("INVALID_IMAGE", IMAGE_MESSAGES.uploadFailed, { screenshots: IMAGE_MESSAGES.uploadFailed });
}

/**
 * A share card that cannot be used. Its own field: the browser made the card, not the person, so
 * no form field shows it (the work simply stays without a card).
 */
export function shareCardFailed() {
  return userError("INVALID_IMAGE", IMAGE_MESSAGES.uploadFailed, { shareCard: IMAGE_MESSAGES.uploadFailed });
}

async function rowOf(ctx: QueryCtx, storageId: Id<"_storage">) {
  return await ctx.db
    .query("screenshotFiles")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .unique();
}

/**
 * What a just-uploaded file is to the caller: "new" (nobody's yet), "mine" (already checked and
 * waiting for this caller, as a file of `kind` when one is given) or "foreign" (a posted
 * screenshot or card, someone else's upload, any photo, a file checked as the other kind).
 */
export async function uploadStanding(ctx: QueryCtx, storageId: Id<"_storage">, userId: Id<"users">, kind?: FileKind) {
  const row = await rowOf(ctx, storageId);
  if (row) {
    const waiting =
      row.userId === userId && row.projectId === undefined && row.challengeId === undefined && (kind === undefined || kindOf(row) === kind);
    return waiting ? "mine" : "foreign";
  }
  // Anyone's profile photo, the caller's own included: a photo never becomes a screenshot (else
  // deleting the work, or the sweep, would delete the photo).
  return (await isFileInUse(ctx, storageId)) ? "foreign" : "new";
}

/** Registers checked uploads as the caller's pending files (again-safe: the check may repeat). */
export async function claimFiles(
  ctx: MutationCtx,
  userId: Id<"users">,
  storageIds: readonly Id<"_storage">[],
  kind: FileKind = "screenshot",
) {
  for (const storageId of storageIds) {
    const standing = await uploadStanding(ctx, storageId, userId, kind);
    if (standing === "foreign") throw uploadFailed();
    if (standing === "new") {
      await ctx.db.insert("screenshotFiles", { storageId, userId, ...(kind === "shareCard" ? { kind } : {}) });
    }
  }
}

/** The stored file's size and declared type are acceptable for an original or a thumbnail. */
async function storedFileAcceptable(ctx: QueryCtx, storageId: Id<"_storage">, maxBytes: number, types: readonly string[]) {
  const file = await ctx.db.system.get("_storage", storageId);
  if (!file) return false;
  return imageRefusal({ size: file.size, maxBytes, types, ...(file.contentType ? { contentType: file.contentType } : {}) }) === null;
}

/**
 * Checks the screenshots a work is to have: each pair is either one the work already has, or
 * files the caller uploaded and the server checked that no work holds yet. No file twice.
 * Throws '画像のアップロードに失敗しました' otherwise.
 */
export async function checkScreenshots(
  ctx: QueryCtx,
  userId: Id<"users">,
  shots: readonly Screenshot[],
  current: readonly Screenshot[] = [],
) {
  const files = filesOf(shots);
  if (new Set(files).size !== files.length) throw uploadFailed();
  const kept = new Set(current.map((shot) => `${shot.storageId}/${shot.thumbnailStorageId}`));
  const added = shots.filter((shot) => !kept.has(`${shot.storageId}/${shot.thumbnailStorageId}`));
  for (const shot of added) {
    for (const [storageId, maxBytes, types] of [
      [shot.storageId, LIMITS.imageMaxBytes, IMAGE_CONTENT_TYPES],
      [shot.thumbnailStorageId, THUMBNAIL_MAX_BYTES, THUMBNAIL_CONTENT_TYPES],
    ] as const) {
      const row = await rowOf(ctx, storageId);
      if (!row || row.userId !== userId || row.projectId !== undefined || kindOf(row) !== "screenshot") throw uploadFailed();
      if (!(await storedFileAcceptable(ctx, storageId, maxBytes, types))) throw uploadFailed();
    }
  }
}

/**
 * Checks a new share card for a work: the caller's own upload that screenshots.checkShareCard
 * accepted, held by no work, still stored within the card's size and types. Throws
 * `shareCardFailed` otherwise (before anything is written).
 */
export async function checkShareCard(ctx: QueryCtx, userId: Id<"users">, storageId: Id<"_storage">) {
  const row = await rowOf(ctx, storageId);
  if (!row || row.userId !== userId || row.projectId !== undefined || row.challengeId !== undefined || kindOf(row) !== "shareCard") {
    throw shareCardFailed();
  }
  if (!(await storedFileAcceptable(ctx, storageId, SHARE_CARD.maxBytes, SHARE_CARD_CONTENT_TYPES))) throw shareCardFailed();
}

/** What a card shows of its work: the (stored, cleaned) title and the first screenshot's original. */
export type CardSubject = { title: string; firstScreenshot: Id<"_storage"> | undefined };

/** Whether a card drawn of `subject` still shows the work. */
function showsWork(work: Pick<Doc<"projects">, "title" | "screenshots">, subject: CardSubject) {
  return subject.title === work.title && subject.firstScreenshot === work.screenshots[0]?.storageId;
}

/**
 * The card a work keeps after an edit: the old one only while it still shows the work. A new
 * title or first screenshot makes it stale, and the work goes without until the browser's new
 * card arrives (projects.setShareCard); meanwhile the share page falls back to the thumbnail.
 */
export function shareCardAfterEdit(
  work: Doc<"projects">,
  edit: { title: string; screenshots: readonly Screenshot[] },
): Id<"_storage"> | undefined {
  return showsWork(work, { title: edit.title, firstScreenshot: edit.screenshots[0]?.storageId }) ? work.shareCardStorageId : undefined;
}

/**
 * Puts the caller's checked card (see `checkShareCard`, which throws first) on their work, drawn
 * of `subject`. When the work no longer shows that subject (a later edit overtook the card), the
 * card is deleted instead and false returned. Otherwise it replaces the work's card (the old one
 * is deleted) and true is returned.
 */
export async function attachShareCard(
  ctx: MutationCtx,
  userId: Id<"users">,
  work: Doc<"projects">,
  storageId: Id<"_storage">,
  subject: CardSubject,
): Promise<boolean> {
  await checkShareCard(ctx, userId, storageId);
  if (!showsWork(work, subject)) {
    await releaseFiles(ctx, [storageId]);
    return false;
  }
  const previous = work.shareCardStorageId;
  const author = (await ctx.db.get("users", userId))!;
  await ctx.db.patch("projects", work._id, { shareCardStorageId: storageId, shareCardAuthor: cardAuthorOf(author) });
  // checkShareCard found its row, waiting for a work.
  const row = (await rowOf(ctx, storageId))!;
  await ctx.db.patch("screenshotFiles", row._id, { projectId: work._id });
  if (previous !== undefined) await releaseFiles(ctx, [previous]);
  return true;
}

/**
 * Puts the caller's checked card (see `checkShareCard`, which throws first) on a challenge as its
 * results card, recording whom it shows as the winner (model/shareCardAuthor.ts). The previous
 * results card, if any, is deleted.
 */
export async function attachResultsCard(
  ctx: MutationCtx,
  userId: Id<"users">,
  challenge: Doc<"challenges">,
  storageId: Id<"_storage">,
  winner: string | undefined,
) {
  await checkShareCard(ctx, userId, storageId);
  const previous = challenge.resultsCardStorageId;
  await ctx.db.patch("challenges", challenge._id, { resultsCardStorageId: storageId, resultsCardWinner: winner });
  // checkShareCard found its row, waiting.
  const row = (await rowOf(ctx, storageId))!;
  await ctx.db.patch("screenshotFiles", row._id, { challengeId: challenge._id });
  if (previous !== undefined && previous !== storageId) await releaseFiles(ctx, [previous]);
}

/** Takes the results card off a challenge and deletes it (a deleted challenge, or its organiser's account). */
export async function releaseResultsCard(ctx: MutationCtx, challenge: Doc<"challenges"> | null, storageId: Id<"_storage">) {
  if (challenge && challenge.resultsCardStorageId === storageId) {
    await ctx.db.patch("challenges", challenge._id, { resultsCardStorageId: undefined, resultsCardWinner: undefined });
  }
  await releaseFiles(ctx, [storageId]);
}

/**
 * Points the files at their work. Files without a row (the demo seed stores its images itself)
 * get one, so every posted screenshot and card is known to the registry.
 */
export async function attachWorkFiles(
  ctx: MutationCtx,
  userId: Id<"users">,
  projectId: Id<"projects">,
  work: Pick<Doc<"projects">, "screenshots" | "shareCardStorageId">,
) {
  const files: Array<{ storageId: Id<"_storage">; kind: FileKind }> = [
    ...filesOf(work.screenshots).map((storageId) => ({ storageId, kind: "screenshot" as const })),
    ...(work.shareCardStorageId ? [{ storageId: work.shareCardStorageId, kind: "shareCard" as const }] : []),
  ];
  for (const { storageId, kind } of files) {
    const row = await rowOf(ctx, storageId);
    // Files an edit keeps already point here: no write.
    if (row && row.projectId !== projectId) await ctx.db.patch("screenshotFiles", row._id, { projectId, draftId: undefined });
    else if (!row) await ctx.db.insert("screenshotFiles", { storageId, userId, projectId, ...(kind === "shareCard" ? { kind } : {}) });
  }
}

/** Deletes files and their rows (screenshots or a card taken off a work, or a deleted work's). */
export async function releaseFiles(ctx: MutationCtx, storageIds: readonly Id<"_storage">[]) {
  for (const storageId of storageIds) {
    const row = await rowOf(ctx, storageId);
    if (row) await ctx.db.delete("screenshotFiles", row._id);
    await deleteStoredFile(ctx, storageId);
  }
}

/** Deletes files nobody uses (refused uploads), leaving any that became a photo or screenshot. */
export async function deleteUnusedFiles(ctx: MutationCtx, storageIds: readonly Id<"_storage">[]) {
  for (const storageId of storageIds) {
    if (!(await isFileInUse(ctx, storageId))) await deleteStoredFile(ctx, storageId);
  }
}

/** Deletes the caller's own pending uploads among `storageIds`; anything else is left alone. */
export async function discardPendingFiles(ctx: MutationCtx, userId: Id<"users">, storageIds: readonly Id<"_storage">[]) {
  for (const storageId of storageIds) {
    if ((await uploadStanding(ctx, storageId, userId)) === "mine") await releaseFiles(ctx, [storageId]);
  }
}

/**
 * Deletes up to `limit` uploads that waited longer than the TTL. Returns how many. Images kept in
 * a draft wait as long as the draft does; a challenge's results card is not waiting.
 */
export async function sweepPendingBatch(ctx: MutationCtx, now: number, limit: number) {
  const stale = await ctx.db
    .query("screenshotFiles")
    .withIndex("by_draftId_and_projectId_and_challengeId", (q) =>
      q
        .eq("draftId", undefined)
        .eq("projectId", undefined)
        .eq("challengeId", undefined)
        .lt("_creationTime", now - PENDING_UPLOAD_TTL_MS),
    )
    .take(limit);
  await releaseFiles(
    ctx,
    stale.map((row) => row.storageId),
  );
  return stale.length;
}
