// Mutation-to-update latency of the local backend, as seen by subscribed official clients.
//
//   npx tsx local-backend/bench/latency.ts [--iterations 30]
//
// For each table size (1k, 10k documents) and number of subscribed WebSocket clients (10, 100):
// a writer inserts a document that every subscription's query result must then show; the time
// from calling mutation() to each client's update is one sample. Prints median and p95; asserts
// nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConvexClient } from "convex/browser";
import { anyApi } from "convex/server";
import WebSocket from "ws";
import { runCodegen } from "../src/tools/codegen/index.js";
import { startLocalBackend } from "../src/index.js";

const { values } = parseArgs({ options: { iterations: { type: "string", default: "30" } } });
const ITERATIONS = Number(values.iterations);
const WARMUP = 3;

const APP: Record<string, string> = {
  "schema.ts": `import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
export default defineSchema({
  items: defineTable({ value: v.number(), label: v.string() }).index("by_value", ["value"]),
});
`,
  "items.ts": `import { v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";
export const top = query({
  args: {},
  handler: async (ctx) => await ctx.db.query("items").withIndex("by_value").order("desc").take(10),
});
export const add = mutation({
  args: { value: v.number(), label: v.string() },
  handler: async (ctx, args) => await ctx.db.insert("items", args),
});
export const seed = internalMutation({
  args: { from: v.number(), count: v.number() },
  handler: async (ctx, { from, count }) => {
    for (let i = from; i < from + count; i++) await ctx.db.insert("items", { value: i, label: "seed " + i });
  },
});
`,
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(documents: number, clientCount: number): Promise<{ median: number; p95: number; samples: number }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "lb-bench-"));
  const convexDir = path.join(root, "convex");
  fs.mkdirSync(convexDir);
  for (const [file, source] of Object.entries(APP)) fs.writeFileSync(path.join(convexDir, file), source);
  fs.writeFileSync(path.join(root, "package.json"), "{}\n");
  await runCodegen({ convexDir });

  const backend = await startLocalBackend({ convexDir, port: 0, sitePort: 0, watch: false, log: false });
  const clients: ConvexClient[] = [];
  try {
    for (let from = 0; from < documents; from += 1000) {
      await backend.run("items:seed", { from, count: Math.min(1000, documents - from) });
    }
    const options = { webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket, logger: false as const };
    const writer = new ConvexClient(backend.url, options);
    clients.push(writer);
    let pending: { label: string; start: number; remaining: number; done: () => void } | null = null;
    const samples: number[] = [];
    let iteration = 0;
    const ready: Array<Promise<void>> = [];
    for (let i = 0; i < clientCount; i++) {
      const client = new ConvexClient(backend.url, options);
      clients.push(client);
      ready.push(
        new Promise<void>((resolve) => {
          let first = true;
          client.onUpdate(anyApi.items.top, {}, (rows: Array<{ label: string }>) => {
            if (first) {
              first = false;
              resolve();
            }
            const p = pending;
            if (p && rows[0]?.label === p.label) {
              if (iteration >= WARMUP) samples.push(performance.now() - p.start);
              if (--p.remaining === 0) p.done();
            }
          });
        }),
      );
    }
    await Promise.all(ready);
    for (iteration = 0; iteration < ITERATIONS + WARMUP; iteration++) {
      const label = `mark ${iteration}`;
      await new Promise<void>((done) => {
        pending = { label, start: performance.now(), remaining: clientCount, done };
        void writer.mutation(anyApi.items.add, { value: documents + iteration, label });
      });
    }
    samples.sort((a, b) => a - b);
    return { median: percentile(samples, 50), p95: percentile(samples, 95), samples: samples.length };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await backend.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

console.log(`mutation-to-update latency, ${ITERATIONS} mutations per row (after ${WARMUP} warm-up), Node ${process.version}`);
console.log("documents  clients   median ms   p95 ms   samples");
for (const documents of [1_000, 10_000]) {
  for (const clientCount of [10, 100]) {
    const { median, p95, samples } = await measure(documents, clientCount);
    console.log(
      `${String(documents).padStart(9)}  ${String(clientCount).padStart(7)}  ${median.toFixed(1).padStart(10)}  ${p95.toFixed(1).padStart(7)}  ${String(samples).padStart(8)}`,
    );
  }
}
process.exit(0);
