import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ConvexClient } from "convex/browser";
import { api } from "./fixture/convex/_generated/api";
import { startLocalBackend } from "../src/index.js";
import { eventually, FIXTURE_DIR, startHarness, tempDir, waitForValue } from "./helpers";

describe("persistence in the data dir", () => {
  it("keeps documents, ids, creation times and files across a restart", async () => {
    const h = await startHarness();
    try {
      const http = h.http();
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await http.mutation(api.messages.send, { rank: i, body: `メッセージ ${i}` }));
      const before = await http.query(api.messages.all, {});
      const uploadUrl = await http.mutation(api.files.generateUploadUrl, {});
      const { storageId } = (await (
        await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "kept" })
      ).json()) as { storageId: never };

      const backend = await h.restart();
      const http2 = h.http();
      expect(await http2.query(api.messages.all, {})).toEqual(before);
      expect(before.map((m) => m._id)).toEqual(ids);
      const file = await http2.query(api.files.get, { storageId });
      expect(await (await fetch(file.url!)).text()).toBe("kept");
      // New ids do not collide with restored ones.
      const next = await http2.mutation(api.messages.send, { rank: 99, body: "after restart" });
      expect(ids).not.toContain(next);
      expect(backend.url).not.toBe("");
    } finally {
      await h.stop();
    }
  });

  it("lets a connected client carry on across a restart on the same ports", async () => {
    const h = await startHarness();
    try {
      const client = h.ws();
      await client.mutation(api.counter.increment, { name: "survivor" });
      expect(await waitForValue(client, api.counter.get, { name: "survivor" }, (v) => v === 1)).toBe(1);
      const { url, siteUrl } = h.backend;
      // Restart without closing the client: it reconnects by itself.
      await h.backend.stop();
      const backend = await startLocalBackend({
        convexDir: FIXTURE_DIR,
        dataDir: h.dataDir,
        port: Number(new URL(url).port),
        sitePort: Number(new URL(siteUrl).port),
        watch: false,
        log: false,
      });
      h.backend = backend;
      await h.http().mutation(api.counter.increment, { name: "survivor" });
      expect(await waitForValue(client, api.counter.get, { name: "survivor" }, (v) => v === 2)).toBe(2);
      expect(await client.mutation(api.counter.increment, { name: "survivor" })).toBe(3);
    } finally {
      await h.stop();
    }
  });

  it("keeps timestamps monotonic across restarts", async () => {
    const h = await startHarness();
    try {
      const client = h.ws();
      await client.mutation(api.counter.increment, { name: "ts" });
      const before = maxObservedTs(client);
      await h.restart();
      const after = h.ws();
      await after.mutation(api.counter.increment, { name: "ts" });
      expect(maxObservedTs(after)).toBeGreaterThan(before);
    } finally {
      await h.stop();
    }
  });

  it("writes atomically and wipes everything on reset", async () => {
    const dataDir = tempDir("lb-reset-");
    const h = await startHarness({ dataDir });
    try {
      await h.http().mutation(api.counter.increment, { name: "r" });
      await h.backend.flush();
      const files = fs.readdirSync(dataDir);
      expect(files).toContain("db.json");
      expect(files.filter((f) => f.endsWith(".tmp"))).toEqual([]);
      JSON.parse(fs.readFileSync(path.join(dataDir, "db.json"), "utf8"));
      await h.restart({ reset: true });
      expect(await h.http().query(api.counter.get, { name: "r" })).toBe(0);
    } finally {
      await h.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("scheduler", () => {
  it("runs a scheduled function and updates subscribers", async () => {
    const h = await startHarness();
    try {
      const client = h.ws();
      await client.mutation(api.counter.incrementLater, { name: "later", delayMs: 50 });
      expect(await waitForValue(client, api.counter.get, { name: "later" }, (v) => v === 1)).toBe(1);
      const jobs = await eventually(async () => {
        const list = await client.query(api.counter.scheduledJobs, {});
        if (list[0]?.state !== "success") throw new Error("not yet");
        return list;
      });
      expect(jobs).toEqual([{ name: "counter:incrementInternal", state: "success" }]);
    } finally {
      await h.stop();
    }
  });

  it("runs a job that was pending at stop after the restart", async () => {
    const h = await startHarness();
    try {
      await h.http().mutation(api.counter.incrementLater, { name: "pending", delayMs: 1500 });
      await h.restart();
      const client = h.ws();
      expect(await client.query(api.counter.get, { name: "pending" })).toBe(0);
      expect(await waitForValue(client, api.counter.get, { name: "pending" }, (v) => v === 1)).toBe(1);
    } finally {
      await h.stop();
    }
  });
});

/**
 * The latest timestamp a client has seen. Read from its bytes: the client's `Long.toString()`
 * adds the low word as a signed number, so it prints 2^32 ns too little whenever that word's top
 * bit is set (this test once failed on exactly that).
 */
function maxObservedTs(client: ConvexClient): bigint {
  const long = (client as unknown as { client: { getMaxObservedTimestamp(): { toBytesLE(): number[] } } }).client.getMaxObservedTimestamp();
  return Buffer.from(long.toBytesLE()).readBigUInt64LE(0);
}
