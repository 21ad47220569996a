// The local backend at 1k, 10k and 100k works, driven as a gallery is: by the official clients
// over WebSocket and HTTP, against a backend running in its own process (its own CPU and RSS).
//
//   npx tsx local-backend/bench/scale.ts [--sizes 1000,10000,100000] [--soak-seconds 0]
//   BENCH_BACKEND_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npx tsx local-backend/bench/scale.ts …
//
// The app is a gallery in miniature: works (newest first, 20 per page) whose like counts live
// in a stats table, and a like toggle that writes a like row and the work's stats. It is seeded
// through its own mutations. Per size it prints:
// - startup: time until a restarted backend (snapshot + log of the seeded data, every index
//   built) answers, and RSS;
// - gallery query p50 (a page deep in the gallery, over HTTP, its 20 works and their stats);
// - search p50: 20 best works for a word in 1 of 200 titles (the text index, not a table walk);
// - like mutation p50/p95 and throughput, with 1 writer and with 50 writers at once;
// - mutation→update p50/p95 with 200 subscribers on 200 different pages while 50 writers like
//   works on those pages: from the writer's call to the update of the page showing that work,
//   with the writers flat out (latency is then queueing: 50 / throughput) and paced as people
//   click (one like every 250 ms each; and every 100 ms, 500 likes/s, near saturation);
// - with --soak-seconds, RSS every 10 s under steady load that keeps the data the same size (50
//   writers liking and unliking): it must not grow.
// Prints figures; asserts nothing.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { anyApi } from "convex/server";
import WebSocket from "ws";
import { runCodegen } from "../src/tools/codegen/index.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,100000" },
    "soak-seconds": { type: "string", default: "0" },
  },
});
const SIZES = values.sizes.split(",").map(Number);
const SOAK_SECONDS = Number(values["soak-seconds"]);
const PAGE = 20;
const SUBSCRIBED_PAGES = 200;
const WRITERS = 50;
const PACE_MS = 250;
/** A faster pace: 50 writers offering 500 likes/s, near what the machine can take flat out. */
const BUSY_PACE_MS = 100;
const CLI = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

const APP: Record<string, string> = {
  "schema.ts": `import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
export default defineSchema({
  works: defineTable({ title: v.string(), authorId: v.string(), tags: v.array(v.string()) })
    .index("by_author", ["authorId"])
    .searchIndex("search_title", { searchField: "title" }),
  workStats: defineTable({ workId: v.id("works"), likes: v.number(), views: v.number() }).index("by_work", ["workId"]),
  likes: defineTable({ workId: v.id("works"), userId: v.string() }).index("by_work_user", ["workId", "userId"]),
});
`,
  "works.ts": `import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { mutation, query } from "./_generated/server";

export const page = query({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db.query("works").order("desc").paginate(paginationOpts);
    const cards = await Promise.all(result.page.map(async (w) => {
      const stats = await ctx.db.query("workStats").withIndex("by_work", (q) => q.eq("workId", w._id)).unique();
      return { id: w._id, title: w.title, likes: stats?.likes ?? 0 };
    }));
    return { ...result, page: cards };
  },
});

export const search = query({
  args: { text: v.string() },
  handler: async (ctx, { text }) =>
    (await ctx.db.query("works").withSearchIndex("search_title", (q) => q.search("title", text)).take(20)).map((w) => w.title),
});

export const toggleLike = mutation({
  args: { workId: v.id("works"), userId: v.string() },
  handler: async (ctx, { workId, userId }) => {
    const existing = await ctx.db.query("likes").withIndex("by_work_user", (q) => q.eq("workId", workId).eq("userId", userId)).unique();
    const stats = await ctx.db.query("workStats").withIndex("by_work", (q) => q.eq("workId", workId)).unique();
    if (!stats) throw new Error("no such work");
    if (existing) await ctx.db.delete(existing._id);
    else await ctx.db.insert("likes", { workId, userId });
    await ctx.db.patch(stats._id, { likes: stats.likes + (existing ? -1 : 1) });
    return !existing;
  },
});

export const seed = mutation({
  args: { from: v.number(), count: v.number() },
  handler: async (ctx, { from, count }) => {
    for (let i = from; i < from + count; i++) {
      const workId = await ctx.db.insert("works", { title: "作品 " + i + " テーマ" + (i % 200) + " AI art", authorId: "user" + (i % 500), tags: ["AI", "art"] });
      await ctx.db.insert("workStats", { workId, likes: 0, views: 0 });
    }
  },
});
`,
};

const wsOptions = { webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket, logger: false as const };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

interface Running {
  child: ChildProcess;
  url: string;
}

async function startBackend(convexDir: string, dataDir: string): Promise<Running & { startupMs: number }> {
  const started = performance.now();
  // BENCH_BACKEND_NODE_ARGS="--cpu-prof" profiles the backend process.
  const nodeArgs = (process.env.BENCH_BACKEND_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      "--import",
      "tsx",
      CLI,
      "--convex",
      convexDir,
      "--data",
      dataDir,
      "--port",
      "0",
      "--site-port",
      "0",
      "--no-watch",
      "--json",
    ],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      if (!line.startsWith("{")) return;
      try {
        resolve((JSON.parse(line) as { url: string }).url);
      } catch {
        // not the ready line
      }
    });
    child.once("exit", (code) => reject(new Error(`backend exited with ${code}`)));
  });
  // Ready means answering a query.
  await new ConvexHttpClient(url, { logger: false }).query(anyApi.works.page, { paginationOpts: { numItems: 1, cursor: null } });
  return { child, url, startupMs: performance.now() - started };
}

async function stopBackend(running: Running): Promise<void> {
  const exited = new Promise((resolve) => running.child.once("exit", resolve));
  running.child.kill("SIGINT");
  await exited;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

type Card = { id: string; title: string; likes: number };
type PageResult = { page: Card[]; continueCursor: string; isDone: boolean };

async function pageCursors(http: ConvexHttpClient, count: number): Promise<Array<string | null>> {
  const cursors: Array<string | null> = [null];
  let cursor: string | null = null;
  while (cursors.length < count) {
    const result = (await http.query(anyApi.works.page, { paginationOpts: { numItems: PAGE, cursor } })) as PageResult;
    if (result.isDone) break;
    cursor = result.continueCursor;
    cursors.push(cursor);
  }
  return cursors;
}

async function mutationRun(clients: ConvexClient[], perClient: number, workIds: string[]) {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = 0; i < perClient; i++) {
        const workId = workIds[(c * 7919 + i * 104729) % workIds.length];
        const t0 = performance.now();
        await client.mutation(anyApi.works.toggleLike, { workId, userId: `writer${c}` });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), perSecond: latencies.length / seconds };
}

async function measure(size: number): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "lb-scale-"));
  const convexDir = path.join(root, "convex");
  const dataDir = path.join(root, "data");
  fs.mkdirSync(convexDir);
  for (const [file, source] of Object.entries(APP)) fs.writeFileSync(path.join(convexDir, file), source);
  fs.writeFileSync(path.join(root, "package.json"), "{}\n");
  await runCodegen({ convexDir });

  // Seed through the app's own mutation, then restart to measure a cold start on that data.
  let running: Running = await startBackend(convexDir, dataDir);
  const rssEmpty = rssMb(running.child.pid!);
  const seedStarted = performance.now();
  const seeder = new ConvexHttpClient(running.url, { logger: false });
  for (let from = 0; from < size; from += 1000) await seeder.mutation(anyApi.works.seed, { from, count: Math.min(1000, size - from) });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  await stopBackend(running);
  const restarted = await startBackend(convexDir, dataDir);
  running = restarted;
  const pid = running.child.pid!;
  const documents = size * 2;
  const rssAtStart = rssMb(pid);

  const http = new ConvexHttpClient(running.url, { logger: false });
  // Indexes are built at start: the first query after it is like any other.
  const firstQueryStarted = performance.now();
  await http.query(anyApi.works.page, { paginationOpts: { numItems: PAGE, cursor: null } });
  const firstQueryMs = performance.now() - firstQueryStarted;
  const cursors = await pageCursors(http, SUBSCRIBED_PAGES);
  const deep = cursors[cursors.length - 1];
  const galleryTimes: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    await http.query(anyApi.works.page, { paginationOpts: { numItems: PAGE, cursor: i % 2 ? deep : cursors[i % cursors.length] } });
    galleryTimes.push(performance.now() - t0);
  }

  // The text index is built at start: the first search is like any other. (Not "テーマ1": the
  // last word of a search also matches as a prefix, so that one matches 111 of the 200 themes.)
  const firstSearchStarted = performance.now();
  await http.query(anyApi.works.search, { text: "テーマ80" });
  const firstSearchMs = performance.now() - firstSearchStarted;
  const searchTimes: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    await http.query(anyApi.works.search, { text: `テーマ${(i * 37) % 200}` });
    searchTimes.push(performance.now() - t0);
  }

  // One writer before anyone subscribes: the write path alone.
  const firstPage = (await http.query(anyApi.works.page, { paginationOpts: { numItems: PAGE, cursor: deep } })) as PageResult;
  const lone = new ConvexClient(running.url, wsOptions);
  const alone = await mutationRun(
    [lone],
    500,
    firstPage.page.map((card) => card.id),
  );
  await lone.close();

  // Subscribers: one client per page, each watching its page.
  const subscribers: ConvexClient[] = [];
  const pending = new Map<string, number[]>();
  const updateLatencies: number[] = [];
  const lastLikes = new Map<string, number>();
  const workIds: string[] = [];
  await Promise.all(
    cursors.map(
      (cursor) =>
        new Promise<void>((resolve) => {
          const client = new ConvexClient(running.url, wsOptions);
          subscribers.push(client);
          let first = true;
          client.onUpdate(anyApi.works.page, { paginationOpts: { numItems: PAGE, cursor } }, (result: PageResult) => {
            const now = performance.now();
            for (const card of result.page) {
              const before = lastLikes.get(card.id);
              lastLikes.set(card.id, card.likes);
              if (first) workIds.push(card.id);
              else if (before !== undefined && before !== card.likes) {
                const t0 = pending.get(card.id)?.shift();
                if (t0 !== undefined) updateLatencies.push(now - t0);
              }
            }
            if (first) {
              first = false;
              resolve();
            }
          });
        }),
    ),
  );

  const writers = Array.from({ length: WRITERS }, () => new ConvexClient(running.url, wsOptions));
  const one = await mutationRun(writers.slice(0, 1), 300, workIds);
  const many = await mutationRun(writers, 20, workIds);
  updateLatencies.length = 0;
  pending.clear();
  // Writers again, now timing each like until the page that shows the work is updated: flat out
  // (each writer sends its next like as soon as the last one is done), then paced as people
  // click (each writer one like every PACE_MS, at a random moment).
  const timedLikes = async (paceMs: number, perWriter: number, salt: number) => {
    updateLatencies.length = 0;
    pending.clear();
    await Promise.all(
      writers.map(async (client, c) => {
        for (let i = 0; i < perWriter; i++) {
          const started = performance.now();
          if (paceMs > 0) await sleep(Math.random() * paceMs);
          const workId = workIds[(c * 104729 + i * 7919 + salt) % workIds.length];
          const queue = pending.get(workId) ?? [];
          queue.push(performance.now());
          pending.set(workId, queue);
          await client.mutation(anyApi.works.toggleLike, { workId, userId: `writer${c}` });
          if (paceMs > 0) await sleep(Math.max(0, started + paceMs - performance.now()));
        }
      }),
    );
    return { p50: percentile(updateLatencies, 50), p95: percentile(updateLatencies, 95), samples: updateLatencies.length };
  };
  const flatOut = await timedLikes(0, 20, 13);
  const paced = await timedLikes(PACE_MS, 20, 29);
  const busy = await timedLikes(BUSY_PACE_MS, 40, 43);
  const rssLoaded = rssMb(pid);

  const soak: number[] = [];
  if (SOAK_SECONDS > 0) {
    const until = performance.now() + SOAK_SECONDS * 1000;
    const sampler = setInterval(() => soak.push(Math.round(rssMb(pid))), 10_000);
    // Each writer likes a work and takes the like back: the data stays the same size, so any
    // growth would be the backend's own.
    await Promise.all(
      writers.map(async (client, c) => {
        for (let i = 0; performance.now() < until; i++) {
          const like = { workId: workIds[(c * 31 + i) % workIds.length], userId: `writer${c}` };
          await client.mutation(anyApi.works.toggleLike, like);
          await client.mutation(anyApi.works.toggleLike, like);
        }
      }),
    );
    clearInterval(sampler);
  }

  console.log(
    [
      `${size.toLocaleString("en")} works (${documents.toLocaleString("en")} documents; seeded in ${seedSeconds.toFixed(1)} s)`,
      `  startup ${(restarted.startupMs / 1000).toFixed(2)} s; RSS ${rssAtStart.toFixed(0)} MB at start (empty: ${rssEmpty.toFixed(0)} MB, so ${(((rssAtStart - rssEmpty) / documents) * 10_000).toFixed(1)} MB per 10k documents), ${rssLoaded.toFixed(0)} MB after the load`,
      `  gallery query p50 ${percentile(galleryTimes, 50).toFixed(1)} ms, p95 ${percentile(galleryTimes, 95).toFixed(1)} ms (HTTP, 20 works and their stats; the first after start ${firstQueryMs.toFixed(1)} ms)`,
      `  search p50 ${percentile(searchTimes, 50).toFixed(1)} ms, p95 ${percentile(searchTimes, 95).toFixed(1)} ms (HTTP, the 20 best of ${Math.round(size / 200)} matching works; the first after start ${firstSearchMs.toFixed(1)} ms)`,
      `  1 writer:   mutation p50 ${alone.p50.toFixed(1)} ms, p95 ${alone.p95.toFixed(1)} ms, ${alone.perSecond.toFixed(0)} mutations/s`,
      `  with ${subscribers.length} subscribers on different pages:`,
      `    1 writer:   mutation p50 ${one.p50.toFixed(1)} ms, p95 ${one.p95.toFixed(1)} ms, ${one.perSecond.toFixed(0)} mutations/s`,
      `    50 writers: mutation p50 ${many.p50.toFixed(1)} ms, p95 ${many.p95.toFixed(1)} ms, ${many.perSecond.toFixed(0)} mutations/s`,
      `    mutation→update, 50 writers flat out:          p50 ${flatOut.p50.toFixed(1)} ms, p95 ${flatOut.p95.toFixed(1)} ms (${flatOut.samples} samples)`,
      ...(
        [
          [paced, PACE_MS],
          [busy, BUSY_PACE_MS],
        ] as const
      ).map(
        ([run, pace]) =>
          `    mutation→update, 50 writers, 1 like/${pace} ms each: p50 ${run.p50.toFixed(1)} ms, p95 ${run.p95.toFixed(1)} ms (${run.samples} samples, ${((WRITERS * 1000) / pace).toFixed(0)} likes/s offered)`,
      ),
      ...(soak.length ? [`  RSS under ${SOAK_SECONDS} s of steady load, every 10 s: ${soak.join(", ")} MB`] : []),
    ].join("\n"),
  );
  await Promise.all([...subscribers, ...writers].map((c) => c.close()));
  await stopBackend(running);
  fs.rmSync(root, { recursive: true, force: true });
}

console.log(`local backend at scale (Node ${process.version}, ${os.cpus().length} cores)`);
for (const size of SIZES) await measure(size);
process.exit(0);
