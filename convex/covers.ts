// Pictures the prerendered pages (scripts/vite-prerender.ts) show before any script has run, named
// by what the address alone says: GET /covers/projects/{id} is a work's cover, for the work page;
// GET /covers/gallery/{n} is the picture of the gallery's nth newest card, for /projects. Routed
// in convex/http.ts; the paths are model/shareLinks.ts's.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { httpAction, internalQuery } from "./_generated/server";
import { galleryPage } from "./model/gallery";
import { COVER_PREFIX, GALLERY_COVER_PREFIX, GALLERY_COVERS } from "./model/shareLinks";
import { shownWork } from "./model/visibility";
import { idAfterPrefix } from "./model/webApp";

const notFound = () => new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });

/** The thumbnail of a shown work's first screenshot, or null (no such work, or no screenshot). */
export const workCover = internalQuery({
  args: { id: v.string() },
  returns: v.union(v.null(), v.id("_storage")),
  handler: async (ctx, { id }) => (await shownWork(ctx, id))?.screenshots[0]?.thumbnailStorageId ?? null,
});

/**
 * GET /covers/projects/{id}: the picture the work page opens with, served from here rather than
 * redirected to storage, so a phone spends no second connection on it. Cached for minutes, like the
 * share page: a changed first screenshot shows within them.
 */
export const coverImage = httpAction(async (ctx, request) => {
  const id = idAfterPrefix(new URL(request.url).pathname, COVER_PREFIX);
  const storageId = id === null ? null : await ctx.runQuery(internal.covers.workCover, { id });
  const image = storageId ? await ctx.storage.get(storageId) : null;
  if (!image) return notFound();
  return new Response(image, {
    headers: { "Content-Type": image.type || "application/octet-stream", "Cache-Control": "public, max-age=300" },
  });
});

/**
 * The thumbnail URL of the card at `position` in the gallery's first page as a signed-out visitor
 * sees it (newest first, no filters): the very URL projects.list gives that card. Null past the
 * last work, or for a work without screenshots.
 */
export const galleryCoverUrl = internalQuery({
  args: { position: v.number() },
  returns: v.union(v.null(), v.string()),
  handler: async (ctx, { position }) => {
    const { page } = await galleryPage(ctx, { sort: "newest", paginationOpts: { numItems: position + 1, cursor: null } });
    return page[position]?.thumbnailUrl ?? null;
  },
});

/**
 * GET /covers/gallery/{n} (n < GALLERY_COVERS): a redirect to the picture of the gallery's nth
 * card, so the card, when the page's data arrives, finds the very same URL in the browser's cache
 * (storage answers are cached for a month) and nothing is downloaded twice. The gallery changes
 * with every new work: the redirect is kept a minute; a card that turns out different replaces it.
 */
export const galleryCoverImage = httpAction(async (ctx, request) => {
  const rest = idAfterPrefix(new URL(request.url).pathname, GALLERY_COVER_PREFIX);
  const position = rest !== null && /^\d$/.test(rest) ? Number(rest) : -1;
  if (position < 0 || position >= GALLERY_COVERS) return notFound();
  const url = await ctx.runQuery(internal.covers.galleryCoverUrl, { position });
  if (!url) return notFound();
  return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "public, max-age=60" } });
});
