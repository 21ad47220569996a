// The gallery and the work page (docs/product.md "Gallery", "Work page").
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { migrations } from "./migrations";
import { vScreenshot, workFormFields } from "./schema";
import { LIMITS } from "./constants";
import { memberMutation, publicQuery } from "./model/functions";
import { invalidInput, userError } from "./model/errors";
import { galleryPage, gallerySearch, vGallerySort } from "./model/gallery";
import { ownDraftOrNull, removeDraft } from "./model/drafts";
import { deleteProjectCascade } from "./model/projectDeletion";
import { startWorkFanOut } from "./model/feed";
import { flagDuplicateDemoUrl } from "./model/moderation";
import { muteFilter } from "./model/mutes";
import { readPage } from "./model/pagination";
import { scheduleUpdateNotifications } from "./model/saves";
import { insertProject, updateProject } from "./model/projects";
import { attachShareCard, checkScreenshots, shareCardAfterEdit } from "./model/screenshotFiles";
import { cleanText } from "./model/cleanText";
import { searchTextFor } from "./model/search";
import { cardAuthorOf } from "./model/shareCardAuthor";
import { readSiteCounter } from "./model/siteCounters";
import { toWorkCard, vWorkCard } from "./model/workCards";
import { canSee } from "./model/visibility";
import { relatedWorks, toWorkDetail, vWorkDetail } from "./model/workDetails";
import { toEditableWork, vEditableWork } from "./model/workEditing";
import { firstWorkError, normalizeWork, validateWork, WORK_MESSAGES, type WorkFormInput } from "./model/workRules";

export const PROJECT_NOT_FOUND_MESSAGE = "プロジェクトが見つかりません";
export const DELETE_FORBIDDEN_MESSAGE = "You do not have permission to delete this project";

/** What the wizard sends: the fields as typed (the server trims and checks them itself). */
const workFormArgs = {
  ...workFormFields,
  screenshots: v.array(vScreenshot),
};

/** Throws INVALID_INPUT with every field's message when the work breaks a rule. */
function validatedWork(input: WorkFormInput, screenshotCount: number) {
  const errors = validateWork(input, screenshotCount);
  const first = firstWorkError(errors);
  if (first) throw invalidInput(errors, first);
  return normalizeWork(input);
}

const filterArgs = {
  genre: v.optional(v.string()),
  aiTool: v.optional(v.string()),
  zeroCode: v.optional(v.boolean()),
  sort: vGallerySort,
};

/**
 * The gallery without search text, for usePaginatedQuery (page size LIMITS.galleryPageSize).
 * Genre: undefined/"all", any genre id or the alias "web"; anything else throws
 * 'ジャンルが正しくありません'. `search` is accepted so one argument object serves both calls, but
 * text search goes through `projects.search`; non-blank text here is an error.
 */
export const list = publicQuery({
  args: { paginationOpts: paginationOptsValidator, search: v.optional(v.string()), ...filterArgs },
  returns: paginationResultValidator(vWorkCard),
  handler: async (ctx, { paginationOpts, search, ...rest }) => {
    // Text search has its own query (projects.search); the client must not mix the two up.
    if (search?.trim()) throw userError("INVALID_INPUT", "検索は projects.search で行ってください");
    // Works by users the viewer mutes are left out; the page reads a few more to stay full.
    const mutes = await muteFilter(ctx, ctx.viewerId);
    return await readPage(paginationOpts, LIMITS.galleryPageSize, (opts) => galleryPage(ctx, { ...rest, paginationOpts: opts }, mutes));
  },
});

/**
 * Text search (case-insensitive substring of title or description, Japanese included) with the
 * same filters and sorts. `limit` grows by 20 with "load more" (at most `cap`). `capped` means
 * the search index gave `cap` candidates, so only the best `cap` were considered.
 */
export const search = publicQuery({
  args: { search: v.string(), limit: v.optional(v.number()), ...filterArgs },
  returns: v.object({ items: v.array(vWorkCard), total: v.number(), capped: v.boolean(), cap: v.number() }),
  handler: async (ctx, args) => await gallerySearch(ctx, args, await muteFilter(ctx, ctx.viewerId)),
});

/** The gallery's summary tiles, from stored site counters. */
export const summary = publicQuery({
  args: {},
  returns: v.object({ total: v.number(), zeroCode: v.number() }),
  handler: async (ctx) => ({
    total: await readSiteCounter(ctx, "projects"),
    zeroCode: await readSiteCounter(ctx, "zeroCodeProjects"),
  }),
});

/**
 * The work page; null when the id is malformed or the work does not exist, `{unavailable: true}`
 * when it is hidden and the caller is neither its author nor a moderator.
 */
export const get = publicQuery({
  args: { id: v.string() },
  returns: v.union(vWorkDetail, v.object({ unavailable: v.literal(true) }), v.null()),
  handler: async (ctx, { id }) => {
    const projectId = ctx.db.normalizeId("projects", id);
    const work = projectId ? await ctx.db.get("projects", projectId) : null;
    if (!work) return null;
    if (!(await canSee(ctx, work, work.userId, ctx.viewerId))) return { unavailable: true as const };
    return await toWorkDetail(ctx, work, ctx.viewerId);
  },
});

/** Up to 3 other works: sharing tags first, then others (never the work itself). */
export const related = publicQuery({
  args: { id: v.string() },
  returns: v.array(vWorkCard),
  handler: async (ctx, { id }) => {
    const projectId = ctx.db.normalizeId("projects", id);
    const work = projectId ? await ctx.db.get("projects", projectId) : null;
    if (!work || work.hidden) return [];
    const related = await relatedWorks(ctx, work, await muteFilter(ctx, ctx.viewerId));
    return await Promise.all(related.map((other) => toWorkCard(ctx, other)));
  },
});

/**
 * Posts a work (the wizard's 投稿する). Every field is checked as in the form; each screenshot
 * must be the caller's own upload that screenshots.checkUpload accepted. The share card comes
 * afterwards (setShareCard). Awards firstProject (and zeroCodeMaster at 3 zero-code works).
 * `draftId`: the caller's draft it was written in, deleted once the work exists.
 * Returns the new work's id.
 */
export const create = memberMutation({
  signInMessage: WORK_MESSAGES.signInRequired,
  rateLimit: "postWork",
  args: { ...workFormArgs, isZeroCode: v.boolean(), draftId: v.optional(v.string()) },
  returns: v.id("projects"),
  handler: async (ctx, { screenshots, draftId, ...input }) => {
    const viewer = ctx.viewer;
    const work = validatedWork(input, screenshots.length);
    await checkScreenshots(ctx, viewer._id, screenshots);
    const now = Date.now();
    const projectId = await insertProject(ctx, viewer._id, { ...work, screenshots }, now);
    // Posted from a draft: the draft is used up. One already gone (posted from another tab) or
    // not the caller's is left alone.
    const draft = await ownDraftOrNull(ctx, viewer._id, draftId);
    if (draft) await removeDraft(ctx, draft, "release");
    // Another user's work with the same demo URL: flagged for a moderator, still posted.
    await flagDuplicateDemoUrl(ctx, (await ctx.db.get("projects", projectId))!, now);
    // Followers' feeds and new_work notifications, in scheduled batches (model/feed.ts).
    await startWorkFanOut(ctx, projectId);
    return projectId;
  },
});

/**
 * The wizard's edit mode: the work as its owner edits it, with the storage ids of its images.
 * "notFound" for a missing work or malformed id; "forbidden" for anyone but the owner.
 */
export const getForEdit = publicQuery({
  args: { id: v.string() },
  returns: v.union(
    v.object({ status: v.literal("ok"), work: vEditableWork }),
    v.object({ status: v.literal("notFound") }),
    v.object({ status: v.literal("forbidden") }),
  ),
  handler: async (ctx, { id }) => {
    const projectId = ctx.db.normalizeId("projects", id);
    const work = projectId ? await ctx.db.get("projects", projectId) : null;
    if (!work) return { status: "notFound" as const };
    if (work.userId !== ctx.viewerId) return { status: "forbidden" as const };
    return { status: "ok" as const, work: await toEditableWork(ctx, work) };
  },
});

/**
 * Saves the owner's edit (the wizard's 更新する). Same checks as posting; screenshots may be the
 * work's own or new uploads, and images taken off are deleted. A changed title or first
 * screenshot drops (deletes) the share card, which no longer shows the work; the browser's new
 * one comes afterwards (setShareCard). The zero-code declaration is permanent: sending a
 * different value is refused.
 */
export const update = memberMutation({
  signInMessage: WORK_MESSAGES.signInRequired,
  rateLimit: "editWork",
  args: { id: v.id("projects"), ...workFormArgs, isZeroCode: v.optional(v.boolean()) },
  returns: v.null(),
  handler: async (ctx, { id, screenshots, isZeroCode, ...input }) => {
    const viewer = ctx.viewer;
    const existing = await ctx.db.get("projects", id);
    if (!existing) throw userError("NOT_FOUND", WORK_MESSAGES.editNotFound);
    if (existing.userId !== viewer._id) throw userError("FORBIDDEN", WORK_MESSAGES.editForbidden);
    if (isZeroCode !== undefined && isZeroCode !== existing.isZeroCode) {
      throw invalidInput({ isZeroCode: WORK_MESSAGES.zeroCodeLocked }, WORK_MESSAGES.zeroCodeLocked);
    }
    const { isZeroCode: _unchanged, ...edit } = validatedWork({ ...input, isZeroCode: existing.isZeroCode }, screenshots.length);
    await checkScreenshots(ctx, viewer._id, screenshots, existing.screenshots);
    const shareCardStorageId = shareCardAfterEdit(existing, { title: edit.title, screenshots });
    const now = Date.now();
    await updateProject(ctx, existing, { ...edit, screenshots, shareCardStorageId }, now);
    const updated = (await ctx.db.get("projects", id))!;
    if (updated.demoUrlKey !== existing.demoUrlKey) await flagDuplicateDemoUrl(ctx, updated, now);
    // Whoever saved (ストック) the work hears of the edit, in scheduled batches.
    await scheduleUpdateNotifications(ctx, id);
    return null;
  },
});

/**
 * Puts the share card the browser drew after 投稿する / 更新する on the author's work.
 * `storageId` must be the caller's own card that screenshots.checkShareCard
 * accepted (else the `shareCard` field is refused and nothing is written); `title` and
 * `firstScreenshot` are what the card was drawn of, as the work was saved. When a later edit
 * changed either, the card is stale before it lands: it is deleted and false returned. Otherwise
 * it replaces the work's card (the old one is deleted) and true is returned.
 */
export const setShareCard = memberMutation({
  signInMessage: WORK_MESSAGES.signInRequired,
  rateLimit: "shareCard",
  args: { id: v.id("projects"), storageId: v.id("_storage"), title: v.string(), firstScreenshot: v.optional(v.id("_storage")) },
  returns: v.boolean(),
  handler: async (ctx, { id, storageId, title, firstScreenshot }) => {
    const work = await ctx.db.get("projects", id);
    if (!work) throw userError("NOT_FOUND", WORK_MESSAGES.editNotFound);
    if (work.userId !== ctx.viewer._id) throw userError("FORBIDDEN", WORK_MESSAGES.editForbidden);
    // Cleaned as the work's title was when it was saved.
    return await attachShareCard(ctx, ctx.viewer._id, work, storageId, { title: cleanText(title), firstScreenshot });
  },
});

/** Deletes the caller's own work at once; its likes, comments, views ... follow in batches. */
export const remove = memberMutation({
  rateLimit: "removeContent",
  args: { id: v.id("projects") },
  returns: v.null(),
  handler: async (ctx, { id }) => {
    const viewer = ctx.viewer;
    const work = await ctx.db.get("projects", id);
    if (!work) throw userError("NOT_FOUND", PROJECT_NOT_FOUND_MESSAGE);
    if (work.userId !== viewer._id) throw userError("FORBIDDEN", DELETE_FORBIDDEN_MESSAGE);
    await deleteProjectCascade(ctx, work);
    return null;
  },
});

/**
 * Rewrites every work's searchText with the current searchTextFor, so stored text is folded as
 * queries are (each word's last character alone, so one-character searches find it at the end of
 * a word; katakana as hiragana, NFKC and lower case; words cut where Convex's tokenizer cuts them).
 * A migration (convex/migrations.ts): patches only works whose text differs. When searchTextFor
 * changes again, a new migration of the same body is added rather than this one rerun.
 */
export const backfillSearchText = migrations.define({
  table: "projects",
  migrateOne: (_ctx, work) => {
    const searchText = searchTextFor(work.title, work.description);
    return searchText === work.searchText ? undefined : { searchText };
  },
});

/**
 * Records whom each existing share card shows (shareCardAuthor), for cards put on before that was
 * kept: taken to be the author as they are now, the best guess there is. Cards are judged stale
 * from the next rename or new photo on.
 */
export const backfillShareCardAuthor = migrations.define({
  table: "projects",
  migrateOne: async (ctx, work) => {
    if (work.shareCardStorageId === undefined || work.shareCardAuthor !== undefined) return undefined;
    const author = await ctx.db.get("users", work.userId);
    return author ? { shareCardAuthor: cardAuthorOf(author) } : undefined;
  },
});
