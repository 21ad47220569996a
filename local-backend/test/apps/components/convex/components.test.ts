// The component calls of local-backend/test/components.test.ts, in convex-test.
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "./_generated/api";
import { newTest } from "./test.setup";

afterEach(() => {
  vi.useRealTimers();
});

describe("published components in convex-test", () => {
  it("rate limiter refuses the fourth call in a window", async () => {
    const t = newTest();
    for (let i = 0; i < 3; i++) expect(await t.mutation(api.limited.send, { key: "a" })).toEqual({ ok: true });
    expect((await t.mutation(api.limited.send, { key: "a" })).ok).toBe(false);
    expect(await t.mutation(api.limited.send, { key: "b" })).toEqual({ ok: true });
  });

  it("aggregate counts after inserts and deletes", async () => {
    const t = newTest();
    const ids = [];
    for (const [player, score] of [
      ["ann", 10],
      ["ann", 70],
      ["bob", 55],
    ] as const) {
      ids.push(await t.mutation(api.scores.add, { player, score }));
    }
    await t.mutation(api.scores.remove, { id: ids[1] });
    expect(await t.query(api.scores.stats, { player: "ann" })).toMatchObject({ count: 2, atLeast50: 1, playerCount: 1 });
  });

  it("sharded counter adds up", async () => {
    const t = newTest();
    for (let i = 0; i < 10; i++) await t.mutation(api.counter.add, { name: "likes", count: 2 });
    expect(await t.query(api.counter.get, { name: "likes" })).toBe(20);
  });

  it("action retrier: the action succeeds on its third try", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const runId = await t.mutation(api.retries.start, { label: "l", succeedOn: 3 });
    await t.finishAllScheduledFunctions(() => vi.runAllTimers());
    const done = await t.query(api.retries.status, { runId, label: "l" });
    expect(done.attempts).toBe(3);
    expect(done.outcome).toEqual({ type: "success", returnValue: "succeeded on attempt 3" });
  });
});
