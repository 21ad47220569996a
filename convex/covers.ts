// Pictures the prerendered pages (scripts/vite-prerender.ts) show before any script has run, named
// by what the address alone says: GET /covers/projects/{id} is a work's cover, for the work page;
// GET /covers/gallery/{n} is the picture of the gallery's nth newest card, for /projects. Both are
// streamed from storage rather than redirected there: storage is another origin, and a phone would
// open a second connection before the page's largest picture. Routed in convex/http.ts; the paths
// are model/shareLinks.ts's.
import type { StorageActionWriter } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { httpAction, internalQuery, type QueryCtx } from "./_generated/server";
import { galleryPage } from "./model/gallery";
import { COVER_PREFIX, GALLERY_COVER_MAX_AGE_SECONDS, GALLERY_COVER_PREFIX, GALLERY_COVERS } from "./model/shareLinks";
import { shownWork } from "./model/visibility";
import { idAfterPrefix } from "./model/webApp";

const notFound = () => new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });

/** The stored picture itself, kept by browsers for `maxAgeSeconds`; 404 without one. */
async function imageResponse(storage: StorageActionWriter, storageId: Id<"_storage"> | null, maxAgeSeconds: number) {
  const image = storageId ? await storage.get(storageId) : null;
  if (!image) return notFound();
  return new Response(image, {
    headers: { "Content-Type": image.type || "application/octet-stream", "Cache-Control": `public, max-age=${maxAgeSeconds}` },
  });
}

/** The thumbnail of a shown work's first screenshot, or null (no such work, or no screenshot). */
const coverOf = async (ctx: QueryCtx, id: string) => (await shownWork(ctx, id))?.screenshots[0]?.thumbnailStorageId ?? null;

export const workCover = internalQuery({
  args: { id: v.string() },
  returns: v.union(v.null(), v.id("_storage")),
  handler: (ctx, { id }) => coverOf(ctx, id),
});

/**
 * GET /covers/projects/{id}: the picture the work page opens with, served from here rather than
 * redirected to storage, so a phone spends no second connection on it. Cached for minutes, like the
 * share page: a changed first screenshot shows within them.
 */
export const coverImage = httpAction(async (ctx, request) => {
  const id = idAfterPrefix(new URL(request.url).pathname, COVER_PREFIX);
  const storageId = id === null ? null : await ctx.runQuery(internal.covers.workCover, { id });
  return imageResponse(ctx.storage, storageId, 300);
});

/**
 * The picture of the card at `position` in the gallery's first page as a signed-out visitor sees
 * it (newest first, no filters): the thumbnail of its work's first screenshot, the picture the card
 * shows. Null past the last work, or for a work without screenshots.
 */
export const galleryCover = internalQuery({
  args: { position: v.number() },
  returns: v.union(v.null(), v.id("_storage")),
  handler: async (ctx, { position }) => {
    const { page } = await galleryPage(ctx, { sort: "newest", paginationOpts: { numItems: position + 1, cursor: null } });
    const card = page[position];
    return card ? coverOf(ctx, card._id) : null;
  },
});

/**
 * GET /covers/gallery/{n} (n < GALLERY_COVERS): the picture of the gallery's nth card, streamed
 * like a work's cover. The card, when the page's data arrives, keeps it behind its own thumbnail
 * until that has arrived (src/features/gallery/early-pictures.ts). The gallery changes with every
 * new work: the picture is kept a minute.
 */
export const galleryCoverImage = httpAction(async (ctx, request) => {
  const rest = idAfterPrefix(new URL(request.url).pathname, GALLERY_COVER_PREFIX);
  const position = rest !== null && /^\d$/.test(rest) ? Number(rest) : -1;
  if (position < 0 || position >= GALLERY_COVERS) return notFound();
  const storageId = await ctx.runQuery(internal.covers.galleryCover, { position });
  return imageResponse(ctx.storage, storageId, GALLERY_COVER_MAX_AGE_SECONDS);
});
