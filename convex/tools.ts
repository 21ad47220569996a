// AI-tool pages (/tools and /tools/{tool}, docs/product.md "Tags and AI tools"): every tool with
// its number of works, and a tool's works through the gallery's projectAiTools rows (hidden works
// have none; works by users the viewer mutes are left out).
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { LIMITS } from "./constants";
import { toolCounts, toolSummary, toolWorksPage, vDiscoverySort } from "./model/discoveryPages";
import { publicQuery } from "./model/functions";
import { muteFilter } from "./model/mutes";
import { readPage } from "./model/pagination";
import { vWorkCard } from "./model/workCards";

const vToolCount = v.object({ tool: v.string(), count: v.number() });

/** Every AI tool named by a visible work, with how many, most used first. */
export const list = publicQuery({
  args: {},
  returns: v.array(vToolCount),
  handler: async (ctx) => await toolCounts(ctx),
});

/** The heading of a tool page: the tool and how many works name it. */
export const get = publicQuery({
  args: { tool: v.string() },
  returns: vToolCount,
  handler: async (ctx, { tool }) => await toolSummary(ctx, tool),
});

/** The tool's works, newest or most liked first, optionally zero-code only (page size 20). */
export const works = publicQuery({
  args: { tool: v.string(), sort: vDiscoverySort, zeroCode: v.optional(v.boolean()), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vWorkCard),
  handler: async (ctx, { tool, sort, zeroCode, paginationOpts }) => {
    const mutes = await muteFilter(ctx, ctx.viewerId);
    return await readPage(paginationOpts, LIMITS.galleryPageSize, (opts) =>
      toolWorksPage(ctx, tool, { sort, zeroCode: zeroCode === true }, opts, mutes),
    );
  },
});
