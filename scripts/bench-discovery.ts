// Discovery benchmark: the documents read and the latency (p50, p95) of each discovery
// request (急上昇, rankings, the following feed, tag and AI-tool pages) on the embedded backend,
// with the discovery scale test's data: 100,000 works by 500 creators, 1,000,000 likes over 40
// days, a reader following all 500 with every work in their feed.
//
//   npm run bench:discovery [-- --works 100000] [-- --runs 50]
//
// The app's convex/ folder is copied to tmp/bench-discovery with one module added (benchProbe.ts:
// a bulk insert for seeding, and a query that runs a public function's handler and returns the
// documents its transaction read). Latency is the real public function run by the backend
// in-process (`backend.run`: the function, its reads through the backend's ordered indexes and
// its result; no network). Prints figures; asserts nothing.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Value } from "convex/values";
import { runCodegen } from "../local-backend/src/tools/codegen/index.js";
import { startLocalBackend } from "../local-backend/src/index.js";
import { insertDiscovery, likesIn, planDiscovery, type BulkInsert } from "../convex/model/discoveryFixtures.testkit";
import { japanDate } from "../convex/model/japanTime";

const { values } = parseArgs({
  options: { works: { type: "string", default: "100000" }, runs: { type: "string", default: "50" } },
});
const WORKS = Number(values.works);
const RUNS = Number(values.runs);
const root = path.resolve(import.meta.dirname, "..");
// Inside the repository (ignored by git) so the copy resolves the project's node_modules.
const benchDir = path.join(root, "tmp", "bench-discovery");

const PROBE = `// Written by scripts/bench-discovery.ts into its copy of convex/; never part of the app.
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./_generated/server";
import * as feed from "./feed";
import * as projects from "./projects";
import * as tags from "./tags";
import * as tools from "./tools";
import * as trending from "./trending";

const modules: Record<string, Record<string, unknown>> = { feed, projects, tags, tools, trending };

export const insertMany = internalMutation({
  args: { table: v.string(), docs: v.array(v.any()) },
  handler: async (ctx, { table, docs }) => {
    const out = [];
    for (const doc of docs) {
      const _id = await ctx.db.insert(table as never, doc);
      out.push({ _id, _creationTime: (await ctx.db.get(_id))!._creationTime });
    }
    return out;
  },
});

/** Runs a public query's handler (its builder included) and returns the documents it read. */
export const documentsRead = internalQuery({
  args: { fn: v.string(), args: v.any() },
  handler: async (ctx, { fn, args }) => {
    const [file, name] = fn.split(":");
    const registered = modules[file!]?.[name!] as { _handler: (ctx: unknown, args: unknown) => Promise<unknown> };
    await registered._handler(ctx, args);
    return (await ctx.meta.getTransactionMetrics()).documentsRead.used;
  },
});
`;

function prepareConvexCopy() {
  fs.rmSync(benchDir, { recursive: true, force: true });
  fs.mkdirSync(benchDir, { recursive: true });
  fs.cpSync(path.join(root, "convex"), path.join(benchDir, "convex"), {
    recursive: true,
    filter: (source) => !/\.test\.ts$/.test(source),
  });
  fs.writeFileSync(path.join(benchDir, "convex", "benchProbe.ts"), PROBE);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  prepareConvexCopy();
  await runCodegen({ convexDir: path.join(benchDir, "convex") });
  const backend = await startLocalBackend({
    convexDir: path.join(benchDir, "convex"),
    dataDir: path.join(benchDir, "data"),
    reset: true,
    port: 0,
    sitePort: 0,
    watch: false,
    log: false,
    // Large seeding batches: compact the write-ahead log less often.
    compactLogBytes: 512 << 20,
  });
  try {
    const now = Date.now();
    const today = japanDate(now);
    const plan = planDiscovery(WORKS, today);
    const insert: BulkInsert = async (table, docs) =>
      (await backend.run("benchProbe:insertMany", { table, docs: docs as Value[] })) as { _id: string; _creationTime: number }[];
    const seedStarted = performance.now();
    const seeded = await insertDiscovery(insert, plan, today, { feedReader: true, chunk: 1000 });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(
      `seeded ${WORKS.toLocaleString()} works by 500 creators, ${likesIn(plan).toLocaleString()} likes over 40 days, ` +
        `a reader following all 500 (${seedSeconds.toFixed(0)} s)`,
    );
    const reader = { identity: { subject: `${seeded.reader}|bench` } };

    // A page deep in each list: the cursor after two pages.
    const deepCursor = async (fn: string, args: Record<string, Value>, as?: typeof reader) => {
      let cursor: string | null = null;
      for (let i = 0; i < 2; i++) {
        const page = (await backend.run(fn, { ...args, paginationOpts: { numItems: 20, cursor } }, as)) as { continueCursor: string };
        cursor = page.continueCursor;
      }
      return cursor;
    };
    type Request = { name: string; fn: string; args: Record<string, Value>; as?: typeof reader };
    const first = { numItems: 20, cursor: null };
    const requests: Request[] = [
      { name: "gallery 急上昇, page 1", fn: "projects:list", args: { sort: "trending", paginationOpts: first } },
      {
        name: "gallery 急上昇, page 3",
        fn: "projects:list",
        args: { sort: "trending", paginationOpts: { numItems: 20, cursor: await deepCursor("projects:list", { sort: "trending" }) } },
      },
      {
        name: "gallery 急上昇 + ゲーム + Claude + ゼロコード",
        fn: "projects:list",
        args: { sort: "trending", genre: "game", aiTool: "Claude", zeroCode: true, paginationOpts: first },
      },
      { name: "ranking 今日", fn: "trending:works", args: { window: "today" } },
      { name: "ranking 今週", fn: "trending:works", args: { window: "week" } },
      { name: "ranking 今週, ゲーム", fn: "trending:works", args: { window: "week", genre: "game" } },
      { name: "ranking 今月", fn: "trending:works", args: { window: "month" } },
      { name: "ranking 全期間", fn: "trending:works", args: { window: "all" } },
      { name: "weekly creator ranking", fn: "trending:creators", args: {} },
      { name: "home 急上昇 section", fn: "trending:homeWorks", args: {} },
      { name: "feed (following 500), page 1", fn: "feed:list", args: { paginationOpts: first }, as: reader },
      {
        name: "feed (following 500), page 3",
        fn: "feed:list",
        args: { paginationOpts: { numItems: 20, cursor: await deepCursor("feed:list", {}, reader) } },
        as: reader,
      },
      { name: "tag #AI 新着順", fn: "tags:works", args: { tag: "ai", sort: "newest", paginationOpts: first } },
      { name: "tag #AI 人気順", fn: "tags:works", args: { tag: "ai", sort: "popular", paginationOpts: first } },
      { name: "tag #AI 急上昇", fn: "tags:works", args: { tag: "ai", sort: "trending", paginationOpts: first } },
      {
        name: "tag #AI 急上昇 + ゼロコード",
        fn: "tags:works",
        args: { tag: "ai", sort: "trending", zeroCode: true, paginationOpts: first },
      },
      { name: "tag heading (count)", fn: "tags:get", args: { tag: "ＡＩ" } },
      { name: "related tags", fn: "tags:related", args: { tag: "ai" } },
      { name: "tool Claude 人気順", fn: "tools:works", args: { tool: "Claude", sort: "popular", paginationOpts: first } },
      { name: "tool Claude 急上昇", fn: "tools:works", args: { tool: "Claude", sort: "trending", paginationOpts: first } },
      { name: "/tools index", fn: "tools:list", args: {} },
    ];

    console.log(`\n| request | documents read | p50 ms | p95 ms |\n|---|---|---|---|`);
    for (const request of requests) {
      const read = (await backend.run("benchProbe:documentsRead", { fn: request.fn, args: request.args }, request.as)) as number;
      await backend.run(request.fn, request.args, request.as); // warm
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await backend.run(request.fn, request.args, request.as);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(`| ${request.name} | ${read} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`);
    }
  } finally {
    await backend.stop();
    fs.rmSync(benchDir, { recursive: true, force: true });
  }
}

await main();
