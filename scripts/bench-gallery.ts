// Gallery benchmark: for 1k, 10k and 100k works, the documents read and the time of
// each gallery request — both sorts with and without filters, and searches.
//
//   npx tsx scripts/bench-gallery.ts [sizes...]     e.g. npx tsx scripts/bench-gallery.ts 1000 10000
//
// It runs the real gallery code (model/gallery.ts, behind projects.list / projects.search) in
// convex-test, reading the transaction's own metrics. Times are convex-test's in-memory engine,
// which evaluates every index range by scanning its table, so they grow with the table; on a
// real deployment the read counts are what matter. Nothing is asserted.
import { convexTest } from "convex-test";
import { makeFunctionReference, queryGeneric, type PaginationOptions } from "convex/server";
import { v } from "convex/values";
import type { QueryCtx } from "../convex/_generated/server";
import { galleryPage, gallerySearch, type GalleryArgs } from "../convex/model/gallery";
import { RARE, seedGallery } from "../convex/model/galleryFixtures.testkit";
import schema from "../convex/schema";

const vArgs = v.object({
  genre: v.optional(v.string()),
  aiTool: v.optional(v.string()),
  zeroCode: v.optional(v.boolean()),
  sort: v.union(v.literal("newest"), v.literal("popular")),
  search: v.optional(v.string()),
});

// A probe module registered only in this benchmark: the gallery request plus its read metrics.
const probe = {
  measure: queryGeneric({
    args: { request: vArgs },
    handler: async (ctx, { request }) => {
      const queryCtx = ctx as unknown as QueryCtx;
      const { search, ...filters } = request as GalleryArgs & { search?: string };
      const paginationOpts: PaginationOptions = { numItems: 20, cursor: null };
      let items: number;
      let note = "";
      if (search) {
        const found = await gallerySearch(queryCtx, { ...filters, search });
        items = found.items.length;
        note = found.capped ? `capped at ${found.cap}` : `${found.total} matches`;
      } else {
        items = (await galleryPage(queryCtx, { ...filters, paginationOpts })).page.length;
      }
      const metrics = await ctx.meta.getTransactionMetrics();
      return { items, note, documentsRead: metrics.documentsRead.used };
    },
  }),
};

type Measured = { items: number; note: string; documentsRead: number };
const measure = makeFunctionReference<"query", { request: GalleryArgs & { search?: string } }, Measured>("benchProbe:measure");

const modules = {
  "/convex/_generated/api.js": () => import("../convex/_generated/api.js"),
  "/convex/_generated/server.js": () => import("../convex/_generated/server.js"),
  "/convex/benchProbe.ts": () => Promise.resolve(probe),
};

type Request = { name: string; args: GalleryArgs & { search?: string } };
const REQUESTS: Request[] = [
  { name: "newest", args: { sort: "newest" } },
  { name: "popular", args: { sort: "popular" } },
  { name: "newest genre+zeroCode", args: { sort: "newest", genre: "game", zeroCode: true } },
  { name: "popular aiTool", args: { sort: "popular", aiTool: "Claude" } },
  { name: "popular genre+aiTool+zeroCode", args: { sort: "popular", genre: "game", aiTool: "Claude", zeroCode: true } },
  { name: `search "${RARE.quantum}" newest`, args: { sort: "newest", search: RARE.quantum } },
  { name: `search "${RARE.quantum}" popular`, args: { sort: "popular", search: RARE.quantum } },
  { name: 'search "写真" (common word) popular', args: { sort: "popular", search: "写真" } },
  { name: 'search "猫" (1 char) newest', args: { sort: "newest", search: "猫" } },
];

async function bench(size: number) {
  const t = convexTest(schema, modules);
  const seedStart = performance.now();
  await seedGallery(t, size, { chunk: 2000 });
  console.log(`\n${size.toLocaleString()} works (seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`);
  console.log("request".padEnd(44) + "docs read".padStart(10) + "items".padStart(7) + "ms".padStart(9));
  for (const { name, args } of REQUESTS) {
    const runs = 3;
    let result: Measured = { items: 0, note: "", documentsRead: 0 };
    const start = performance.now();
    for (let i = 0; i < runs; i++) {
      result = await t.query(measure, { request: args });
    }
    const ms = (performance.now() - start) / runs;
    console.log(
      name.padEnd(44) +
        String(result.documentsRead).padStart(10) +
        String(result.items).padStart(7) +
        ms.toFixed(1).padStart(9) +
        `  ${result.note}`,
    );
  }
}

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
for (const size of sizes.length ? sizes : [1_000, 10_000, 100_000]) await bench(size);
