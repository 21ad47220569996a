// Convex components on the embedded backend: four published components (rate limiter, aggregate
// twice, sharded counter, action retrier, and the batch worker they nest) exercised for real
// through the official clients, their data kept across a restart, and closed to clients.
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunId } from "@convex-dev/action-retrier";
import { api } from "./apps/components/convex/_generated/api";
import { eventually, type Harness, startHarness, waitForValue } from "./helpers";

const APP = fileURLToPath(new URL("./apps/components/convex", import.meta.url));
const SLOW = 120_000;
const PATIENCE = 60_000;

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ convexDir: APP });
});
afterEach(async () => {
  await h.stop();
});

async function retrierDone(runId: RunId, label: string) {
  return eventually(async () => {
    const status = await h.http().query(api.retries.status, { runId, label });
    expect(status.status.type).toBe("completed");
    return status;
  }, PATIENCE);
}

describe("published components", () => {
  it("mounts each component, nested ones included, and says so at start", () => {
    expect(h.logs.join("\n")).toContain(
      "8 components: rateLimiter, rateLimiter/batchWorker, aggregate, aggregate/batchWorker, scoresByPlayer, " +
        "scoresByPlayer/batchWorker, shardedCounter, actionRetrier",
    );
  });

  it("rate limiter: refuses the fourth call in the window, per key", async () => {
    const client = h.http();
    for (let i = 0; i < 3; i++) expect(await client.mutation(api.limited.send, { key: "a" })).toEqual({ ok: true });
    const refused = await client.mutation(api.limited.send, { key: "a" });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.retryAfter).toBeGreaterThan(0);
    expect(await client.mutation(api.limited.send, { key: "b" })).toEqual({ ok: true });
  });

  it("aggregate: exact counts after inserts and deletes, in two instances of one component", async () => {
    const client = h.http();
    const ids = [];
    for (const [player, score] of [
      ["ann", 10],
      ["ann", 70],
      ["bob", 55],
      ["bob", 20],
      ["cy", 90],
    ] as const) {
      ids.push(await client.mutation(api.scores.add, { player, score }));
    }
    expect(await client.query(api.scores.stats, { player: "ann" })).toMatchObject({ count: 5, atLeast50: 3, playerCount: 2 });
    await client.mutation(api.scores.remove, { id: ids[1] }); // ann 70
    await client.mutation(api.scores.remove, { id: ids[4] }); // cy 90
    expect(await client.query(api.scores.stats, { player: "ann" })).toMatchObject({ count: 3, atLeast50: 1, playerCount: 1 });
    expect(await client.query(api.scores.stats, { player: "bob" })).toMatchObject({ playerCount: 2 });
  });

  it(
    "sharded counter: exact under concurrent adds, and live for a subscriber of the app's query",
    async () => {
      const watcher = h.ws();
      await waitForValue(watcher, api.counter.get, { name: "likes" }, (v) => v === 0, PATIENCE);
      // The React client's watch of the same query follows too.
      const react = h.react();
      const watch = react.watchQuery(api.counter.get, { name: "likes" });
      let reactSaw: number | undefined;
      const unsubscribe = watch.onUpdate(() => (reactSaw = watch.localQueryResult()));
      const writer = h.http();
      await Promise.all(Array.from({ length: 40 }, () => writer.mutation(api.counter.add, { name: "likes", count: 1 })));
      await waitForValue(watcher, api.counter.get, { name: "likes" }, (v) => v === 40, PATIENCE);
      await react.mutation(api.counter.add, { name: "likes", count: 2 });
      await eventually(() => expect(reactSaw).toBe(42), PATIENCE);
      unsubscribe();
    },
    SLOW,
  );

  it(
    "action retrier: retries a failing action until it succeeds on its third try",
    async () => {
      const runId = await h.http().mutation(api.retries.start, { label: "from-mutation", succeedOn: 3 });
      const done = await retrierDone(runId, "from-mutation");
      expect(done.attempts).toBe(3);
      expect(done.status).toEqual({ type: "completed", result: { type: "success", returnValue: "succeeded on attempt 3" } });
      // onComplete: the component scheduled the app's mutation through a function handle.
      expect(done.outcome).toEqual({ type: "success", returnValue: "succeeded on attempt 3" });
      expect(h.logs.some((l) => l.startsWith("[actionRetrier/run:") && l.includes("retrying"))).toBe(true);

      const fromAction = await h.http().action(api.retries.startFromAction, { label: "from-action", succeedOn: 2 });
      expect((await retrierDone(fromAction, "from-action")).attempts).toBe(2);
    },
    SLOW,
  );

  it(
    "keeps every component's data across a restart",
    async () => {
      const client = h.http();
      await client.mutation(api.counter.add, { name: "kept", count: 7 });
      await client.mutation(api.scores.add, { player: "dee", score: 60 });
      for (let i = 0; i < 3; i++) await client.mutation(api.limited.send, { key: "restart" });
      const runId = await client.mutation(api.retries.start, { label: "kept", succeedOn: 1 });
      await retrierDone(runId, "kept");

      await h.restart();
      const after = h.http();
      expect(await after.query(api.counter.get, { name: "kept" })).toBe(7);
      expect(await after.query(api.scores.stats, { player: "dee" })).toMatchObject({ count: 1, playerCount: 1 });
      expect((await after.mutation(api.limited.send, { key: "restart" })).ok).toBe(false);
      expect((await retrierDone(runId, "kept")).outcome).toEqual({ type: "success", returnValue: "succeeded on attempt 1" });
      // New ids never collide with restored ones, in the app or in a component.
      await after.mutation(api.scores.add, { player: "dee", score: 61 });
      expect(await after.query(api.scores.stats, { player: "dee" })).toMatchObject({ count: 2, playerCount: 2 });
    },
    SLOW,
  );

  it("never lets a client call a component's function; an admin may", async () => {
    const call = (endpoint: string, headers: Record<string, string> = {}) =>
      fetch(`${h.backend.url}/api/${endpoint}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ path: "public:count", componentPath: "shardedCounter", args: { name: "x" }, format: "json" }),
      });
    // /api/query has no componentPath: the path names an app function, and there is none.
    const refused = await call("query");
    expect(refused.status).toBe(560);
    expect(((await refused.json()) as { errorMessage: string }).errorMessage).toContain(
      "Could not find public function for 'public:count'",
    );
    // /api/function takes a componentPath, and only from an admin.
    expect(await (await call("function")).json()).toMatchObject({ code: "BadDeployKey" });
    const admin = await call("function", { Authorization: `Convex ${h.backend.adminKey}` });
    expect(await admin.json()).toEqual({ status: "success", value: 0 });
    await expect(h.backend.run("public:count", { name: "x" }, { component: "shardedCounter" })).resolves.toBe(0);
  });
});
