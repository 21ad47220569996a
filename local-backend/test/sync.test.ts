import { ConvexError, type Value } from "convex/values";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { api, internal } from "./fixture/convex/_generated/api";
import { type Harness, startHarness, waitForValue } from "./helpers";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

describe("sync protocol with the official clients", () => {
  it("updates a subscription after a mutation from a second client", async () => {
    const watcher = h.ws();
    const writer = h.ws();
    const updates: number[] = [];
    watcher.onUpdate(api.counter.get, { name: "shared" }, (v) => updates.push(v));
    await waitForValue(watcher, api.counter.get, { name: "shared" }, (v) => v === 0);

    await writer.mutation(api.counter.increment, { name: "shared" });
    await waitForValue(watcher, api.counter.get, { name: "shared" }, (v) => v === 1);

    // The HTTP client and the React client write too; the subscription follows.
    await h.http().mutation(api.counter.increment, { name: "shared" });
    await waitForValue(watcher, api.counter.get, { name: "shared" }, (v) => v === 2);
    const react = h.react();
    await react.mutation(api.counter.increment, { name: "shared" });
    await waitForValue(watcher, api.counter.get, { name: "shared" }, (v) => v === 3);
    expect(updates).toEqual([0, 1, 2, 3]);
  });

  it("resolves a mutation only when the writer's own subscription already shows it", async () => {
    const client = h.ws();
    let latest = -1;
    client.onUpdate(api.counter.get, { name: "own" }, (v) => (latest = v));
    await waitForValue(client, api.counter.get, { name: "own" }, (v) => v === 0);
    for (let i = 1; i <= 5; i++) {
      await client.mutation(api.counter.increment, { name: "own" });
      expect(latest).toBe(i);
    }
  });

  it("drives ConvexReactClient without React through watchQuery", async () => {
    const react = h.react();
    const watch = react.watchQuery(api.counter.get, { name: "react" });
    const seen: Array<number | undefined> = [];
    const unsubscribe = watch.onUpdate(() => seen.push(watch.localQueryResult()));
    await h.http().mutation(api.counter.increment, { name: "react" });
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (watch.localQueryResult() === 1) {
          clearInterval(check);
          resolve();
        }
      }, 20);
    });
    unsubscribe();
    expect(seen.at(-1)).toBe(1);
  });

  it("gives exactly 100 for 100 concurrent increments of one counter", async () => {
    const clients = [h.ws(), h.ws(), h.ws(), h.react()];
    const http = h.http();
    const calls: Array<Promise<number>> = [];
    for (let i = 0; i < 100; i++) {
      const which = i % 5;
      calls.push(
        which === 4
          ? http.mutation(api.counter.increment, { name: "race" }, { skipQueue: true })
          : clients[which].mutation(api.counter.increment, { name: "race" }),
      );
    }
    const results = await Promise.all(calls);
    expect(new Set(results).size).toBe(100);
    expect(await http.query(api.counter.get, { name: "race" })).toBe(100);
  });

  it("delivers ConvexError data intact to every client", async () => {
    const ws = h.ws();
    const http = h.http();
    const expectData = async (promise: Promise<unknown>, data: unknown) => {
      const err = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ConvexError);
      expect((err as ConvexError<Value>).data).toEqual(data);
    };
    const mutationData = { code: "DENIED", message: "この操作はできません" };
    await expectData(ws.mutation(api.errors.failMutation, { code: "DENIED" }), mutationData);
    await expectData(http.mutation(api.errors.failMutation, { code: "DENIED" }), mutationData);
    await expectData(ws.query(api.errors.failQuery, {}), { code: "QUERY_FAILED", count: 3 });
    await expectData(http.query(api.errors.failQuery, {}), { code: "QUERY_FAILED", count: 3 });
    await expectData(ws.action(api.errors.failAction, {}), "plain string data");
    await expectData(http.action(api.errors.failAction, {}), "plain string data");
    await expect(ws.mutation(api.errors.bug, {})).rejects.toThrow(/a plain bug/);
  });

  it("refuses internal functions to clients but runs them for the programmatic API", async () => {
    const ws = h.ws();
    const http = h.http();
    const ref = internal.counter.secret as unknown as typeof api.counter.get;
    await expect(http.query(ref, { name: "x" })).rejects.toThrow(/Could not find public function/);
    await expect(ws.query(ref, { name: "x" })).rejects.toThrow(/Could not find public function/);
    const mutationRef = internal.counter.incrementInternal as unknown as typeof api.counter.increment;
    await expect(ws.mutation(mutationRef, { name: "x" })).rejects.toThrow(/Could not find public function/);
    await expect(http.mutation(mutationRef, { name: "x" })).rejects.toThrow(/Could not find public function/);
    expect(await h.backend.run("counter:secret")).toBe("internal only");
    // An admin key may call internal functions, like on Convex.
    const admin = h.http();
    (admin as unknown as { setAdminAuth(key: string): void }).setAdminAuth(h.backend.adminKey);
    const secretRef = internal.counter.secret as unknown as typeof api.environment.read;
    expect(await admin.query(secretRef, {})).toBe("internal only");
  });

  it("prints function logs with the function name and returns them as logLines", async () => {
    const response = await fetch(`${h.backend.url}/api/mutation`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "counter:increment", format: "convex_encoded_json", args: [{ name: "logged" }] }),
    });
    expect(await response.json()).toEqual({ status: "success", value: 1, logLines: ["[LOG] incrementing logged"] });
    expect(h.logs).toContain("[counter:increment] incrementing logged");
  });
});
