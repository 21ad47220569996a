// Drafts of the posting wizard (table `drafts`). The wizard saves what the author typed as they
// type, so a reload, a closed tab or another device resumes it. A draft holds the same fields as
// the work form, cleaned and with every length checked as the form checks it, but fields may
// still be empty or unfinished (a URL half typed). Its images are the author's checked uploads
// (screenshotFiles.ts); each is marked with the draft's id, which keeps it from the sweep of
// unposted uploads for as long as the draft exists. Discarding the draft deletes them; posting
// from it hands the posted ones to the work, and any left over go back to being plain uploads.
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { GENRE_IDS, LIMITS } from "../constants";
import {
  cleanList,
  validateBasicInfo,
  validateTechInfo,
  WORK_FIELDS,
  WORK_MESSAGES,
  type WorkFieldErrors,
  type WorkFormInput,
} from "./workRules";
import { workFormFields } from "../schema";
import { cleanText } from "./cleanText";
import { invalidInput, userError } from "./errors";
import { releaseFiles, uploadFailed, type Screenshot } from "./screenshotFiles";

/** How many drafts one person may keep. */
export const DRAFTS_MAX = 20;

export const DRAFT_MESSAGES = {
  notFound: "下書きが見つかりません",
  tooMany: `下書きは${DRAFTS_MAX}件まで保存できます。不要な下書きを削除してください`,
  untitled: "無題の下書き",
} as const;

/** What a draft may still lack: these only matter when the work is posted. */
const UNFINISHED: ReadonlySet<string> = new Set([
  WORK_MESSAGES.titleRequired,
  WORK_MESSAGES.descriptionRequired,
  WORK_MESSAGES.vibeRequired,
  WORK_MESSAGES.genreRequired,
  WORK_MESSAGES.demoUrlRequired,
  WORK_MESSAGES.invalidUrl,
  WORK_MESSAGES.aiToolsRequired,
  WORK_MESSAGES.aiToolDuplicate,
]);

/** The work form's problems that a draft may not have either (too long, too many, hidden controls). */
export function draftProblems(input: WorkFormInput, screenshotCount: number): WorkFieldErrors {
  const found: WorkFieldErrors = {
    ...validateBasicInfo(input),
    ...validateTechInfo(input),
  };
  if (screenshotCount > LIMITS.screenshotsMax) found.screenshots = WORK_MESSAGES.screenshotsTooMany;
  const kept: WorkFieldErrors = {};
  for (const field of WORK_FIELDS) {
    const message = found[field];
    if (message && !UNFINISHED.has(message)) kept[field] = message;
  }
  return kept;
}

/** Throws INVALID_INPUT with every field's message, or returns the fields as a draft stores them. */
export function validatedDraft(input: WorkFormInput, screenshotCount: number) {
  const problems = draftProblems(input, screenshotCount);
  const first = WORK_FIELDS.map((field) => problems[field]).find(Boolean);
  if (first) throw invalidInput(problems, first);
  return {
    title: cleanText(input.title),
    description: cleanText(input.description, "multiline"),
    vibeDescription: cleanText(input.vibeDescription, "multiline"),
    genre: (GENRE_IDS as readonly string[]).includes(input.genre) ? input.genre : "",
    demoUrl: cleanText(input.demoUrl),
    demoVideoUrl: cleanText(input.demoVideoUrl),
    repositoryUrl: cleanText(input.repositoryUrl),
    aiTools: cleanList(input.aiTools),
    techStack: cleanList(input.techStack),
    tags: cleanList(input.tags, { stripHash: true }),
    isZeroCode: input.isZeroCode,
  };
}

async function rowOf(ctx: QueryCtx, storageId: Id<"_storage">) {
  return await ctx.db
    .query("screenshotFiles")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .unique();
}

/**
 * The caller's own draft, or NOT_FOUND (a malformed id, a missing draft and another person's
 * draft all read the same, so nobody learns that someone else's exists).
 */
export async function ownDraft(ctx: QueryCtx, userId: Id<"users">, id: string): Promise<Doc<"drafts">> {
  const draftId = ctx.db.normalizeId("drafts", id);
  const draft = draftId ? await ctx.db.get("drafts", draftId) : null;
  if (!draft || draft.userId !== userId) throw userError("NOT_FOUND", DRAFT_MESSAGES.notFound);
  return draft;
}

/** The caller's draft `id`, or null (none given, malformed, missing or someone else's). */
export async function ownDraftOrNull(ctx: QueryCtx, userId: Id<"users">, id: string | undefined) {
  const draftId = id === undefined ? null : ctx.db.normalizeId("drafts", id);
  const draft = draftId ? await ctx.db.get("drafts", draftId) : null;
  return draft?.userId === userId ? draft : null;
}

/** The caller's drafts, newest first (never more than DRAFTS_MAX). */
export async function draftsOf(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("drafts")
    .withIndex("by_userId_and_updatedAt", (q) => q.eq("userId", userId))
    .order("desc")
    .take(DRAFTS_MAX);
}

/** Refuses a new draft when the person already keeps DRAFTS_MAX. */
export async function checkDraftRoom(ctx: QueryCtx, userId: Id<"users">) {
  if ((await draftsOf(ctx, userId)).length >= DRAFTS_MAX) throw userError("TOO_MANY_DRAFTS", DRAFT_MESSAGES.tooMany);
}

/**
 * Each image must be the caller's checked upload that no work holds and no other draft holds
 * (so discarding one draft never deletes another's image). No file twice.
 */
export async function checkDraftScreenshots(
  ctx: QueryCtx,
  userId: Id<"users">,
  draftId: Id<"drafts"> | null,
  shots: readonly Screenshot[],
) {
  const files = shots.flatMap((shot) => [shot.storageId, shot.thumbnailStorageId]);
  if (new Set(files).size !== files.length) throw uploadFailed();
  for (const storageId of files) {
    const row = await rowOf(ctx, storageId);
    const free = row && row.userId === userId && row.projectId === undefined && row.kind === undefined;
    if (!free || (row.draftId !== undefined && row.draftId !== draftId)) throw uploadFailed();
  }
}

const filesOf = (shots: readonly Screenshot[]) => shots.flatMap((shot) => [shot.storageId, shot.thumbnailStorageId]);

/** Marks the draft's images as held by it; images it no longer has become plain uploads again. */
export async function holdDraftFiles(ctx: MutationCtx, draftId: Id<"drafts">, before: readonly Screenshot[], after: readonly Screenshot[]) {
  const kept = new Set(filesOf(after));
  for (const storageId of filesOf(after)) {
    const row = await rowOf(ctx, storageId);
    if (row && row.draftId !== draftId) await ctx.db.patch("screenshotFiles", row._id, { draftId });
  }
  for (const storageId of filesOf(before)) {
    if (kept.has(storageId)) continue;
    const row = await rowOf(ctx, storageId);
    if (row?.draftId === draftId) await ctx.db.patch("screenshotFiles", row._id, { draftId: undefined });
  }
}

/**
 * Deletes the draft. `files: "delete"` (discarded) deletes its images; `"release"` (posted) leaves
 * them to the work that took them, and unmarks the rest so the usual sweep collects them. Only
 * files still marked with this draft are touched.
 */
export async function removeDraft(ctx: MutationCtx, draft: Doc<"drafts">, files: "delete" | "release") {
  for (const storageId of filesOf(draft.screenshots)) {
    const row = await rowOf(ctx, storageId);
    if (row?.draftId !== draft._id) continue;
    if (files === "delete" && row.projectId === undefined) await releaseFiles(ctx, [storageId]);
    else await ctx.db.patch("screenshotFiles", row._id, { draftId: undefined });
  }
  await ctx.db.delete("drafts", draft._id);
}

export const vDraftSummary = v.object({
  _id: v.id("drafts"),
  title: v.string(),
  updatedAt: v.number(),
  screenshotCount: v.number(),
  thumbnailUrl: v.union(v.string(), v.null()),
});

export const vDraft = v.object({
  _id: v.id("drafts"),
  updatedAt: v.number(),
  values: v.object({
    ...workFormFields,
    isZeroCode: v.boolean(),
  }),
  screenshots: v.array(
    v.object({
      storageId: v.id("_storage"),
      thumbnailStorageId: v.id("_storage"),
      url: v.union(v.string(), v.null()),
      thumbnailUrl: v.union(v.string(), v.null()),
    }),
  ),
});

/** The draft's images still stored (one removed in the wizard may be gone before the next save). */
async function liveScreenshots(ctx: QueryCtx, draft: Doc<"drafts">) {
  const live = [];
  for (const shot of draft.screenshots) {
    const row = await rowOf(ctx, shot.storageId);
    if (row?.draftId !== draft._id) continue;
    const thumbnailUrl = await ctx.storage.getUrl(shot.thumbnailStorageId);
    const url = await ctx.storage.getUrl(shot.storageId);
    if (url) live.push({ ...shot, url, thumbnailUrl });
  }
  return live;
}

export async function toDraftSummary(ctx: QueryCtx, draft: Doc<"drafts">): Promise<Infer<typeof vDraftSummary>> {
  const first = draft.screenshots[0];
  return {
    _id: draft._id,
    title: draft.title,
    updatedAt: draft.updatedAt,
    screenshotCount: draft.screenshots.length,
    thumbnailUrl: first ? await ctx.storage.getUrl(first.thumbnailStorageId) : null,
  };
}

export async function toDraft(ctx: QueryCtx, draft: Doc<"drafts">): Promise<Infer<typeof vDraft>> {
  const { _id, updatedAt, title, description, vibeDescription, genre, demoUrl, demoVideoUrl, repositoryUrl } = draft;
  const { aiTools, techStack, tags, isZeroCode } = draft;
  return {
    _id,
    updatedAt,
    values: {
      title,
      description,
      vibeDescription,
      genre,
      demoUrl,
      demoVideoUrl,
      repositoryUrl,
      aiTools,
      techStack,
      tags,
      isZeroCode,
    },
    screenshots: await liveScreenshots(ctx, draft),
  };
}
