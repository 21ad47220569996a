// Tag pages (/tags/{tag}, docs/product.md "Tags and AI tools"): a tag's works, its heading and its
// related tags. Tags match folded (ＡＩ, ai and Ai are one tag; model/discovery.ts), hidden works
// never appear (they have no join rows) and works by users the viewer mutes are left out.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { migrations } from "./migrations";
import { LIMITS } from "./constants";
import { removeDiscoveryRows, writeDiscoveryRows } from "./model/discovery";
import { relatedTags, tagSummary, tagWorksPage, vDiscoverySort } from "./model/discoveryPages";
import { publicQuery } from "./model/functions";
import { muteFilter } from "./model/mutes";
import { readPage } from "./model/pagination";
import { vWorkCard } from "./model/workCards";

/** The heading: the most used spelling of the tag and how many works carry it. */
export const get = publicQuery({
  args: { tag: v.string() },
  returns: v.object({ tagKey: v.string(), display: v.string(), count: v.number() }),
  handler: async (ctx, { tag }) => await tagSummary(ctx, tag),
});

/** The tag's works, newest or most liked first, optionally zero-code only (page size 20). */
export const works = publicQuery({
  args: { tag: v.string(), sort: vDiscoverySort, zeroCode: v.optional(v.boolean()), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vWorkCard),
  handler: async (ctx, { tag, sort, zeroCode, paginationOpts }) => {
    const mutes = await muteFilter(ctx, ctx.viewerId);
    return await readPage(paginationOpts, LIMITS.galleryPageSize, (opts) =>
      tagWorksPage(ctx, tag, { sort, zeroCode: zeroCode === true }, opts, mutes),
    );
  },
});

/** Up to 10 tags found together with this one on its most liked works. */
export const related = publicQuery({
  args: { tag: v.string() },
  returns: v.array(v.object({ tag: v.string(), count: v.number() })),
  handler: async (ctx, { tag }) => await relatedTags(ctx, tag),
});

/**
 * Writes the tag and AI-tool rows and counters of works posted before the tag and tool pages
 * existed. A migration (convex/migrations.ts), in batches of 100 works (each writes several
 * rows); writeDiscoveryRows moves the counters by the difference only, so a rerun changes nothing.
 */
export const backfillDiscovery = migrations.define({
  table: "projects",
  batchSize: 100,
  migrateOne: async (ctx, work) => {
    if (work.hidden === true) await removeDiscoveryRows(ctx, work._id);
    else await writeDiscoveryRows(ctx, work);
  },
});
