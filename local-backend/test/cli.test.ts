import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { startLocalBackend } from "../src/index.js";
import { eventually, FIXTURE_DIR, startCli, tempDir } from "./helpers";

const increment = (url: string) =>
  fetch(`${url}/api/mutation`, {
    method: "POST",
    body: JSON.stringify({ path: "counter:increment", args: [{ name: "cli" }] }),
  });

describe("CLI", () => {
  it("prints its URLs, serves, and stops on SIGTERM", async () => {
    const dataDir = tempDir("lb-cli-");
    const cli = startCli(dataDir);
    const { child } = cli;
    const urls = await cli.urls;
    expect(cli.output()).toContain(`Convex URL:  ${urls.url}`);
    const response = await fetch(`${urls.url}/api/query`, {
      method: "POST",
      body: JSON.stringify({ path: "counter:get", args: [{ name: "cli" }] }),
    });
    expect(await response.json()).toMatchObject({ status: "success", value: 0 });
    const exit = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
    expect(fs.existsSync(`${dataDir}/backend.lock`)).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("loses no acknowledged write when killed mid-write (SIGKILL)", async () => {
    const dataDir = tempDir("lb-kill-");
    const cli = startCli(dataDir);
    const { url } = await cli.urls;
    const writers = startWriters(url);
    await eventually(() => expect(writers.acknowledged()).toBeGreaterThanOrEqual(40), 60_000);
    cli.child.kill("SIGKILL");
    await cli.exited;
    const acknowledged = await writers.stop();
    await expectCounterAfterRestart(dataDir, acknowledged);
  });

  for (const signals of [["SIGINT"], ["SIGINT", "SIGINT"]] as const) {
    it(`loses no acknowledged write on ${signals.length === 1 ? "one Ctrl+C" : "Ctrl+C twice (the second quits at once)"}`, async () => {
      const dataDir = tempDir("lb-sigint-");
      const cli = startCli(dataDir);
      const { url } = await cli.urls;
      const writers = startWriters(url);
      await eventually(() => expect(writers.acknowledged()).toBeGreaterThanOrEqual(40), 60_000);
      cli.child.kill(signals[0]);
      if (signals.length === 2) {
        // The second Ctrl+C comes while the first is stopping the backend.
        await eventually(() => expect(cli.output()).toContain("stopping (Ctrl+C again"), 60_000, 1);
        cli.child.kill(signals[1]);
      }
      const { code } = await cli.exited;
      const acknowledged = await writers.stop();
      if (signals.length === 1) {
        expect(code).toBe(0);
        // A clean stop leaves one snapshot and no write-ahead log.
        expect(fs.readdirSync(dataDir).filter((f) => f.startsWith("wal-"))).toEqual([]);
      } else {
        expect([0, 1]).toContain(code);
      }
      await expectCounterAfterRestart(dataDir, acknowledged);
    });
  }
});

/** Four clients incrementing one counter as fast as they can, counting acknowledged writes. */
function startWriters(url: string) {
  let acknowledged = 0;
  let running = true;
  const loops = Array.from({ length: 4 }, async () => {
    while (running) {
      const response = await increment(url).catch(() => null);
      if (!response?.ok) break;
      const body = (await response.json().catch(() => null)) as { status?: string } | null;
      if (body?.status !== "success") break;
      acknowledged++;
    }
  });
  return {
    acknowledged: () => acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
      return acknowledged;
    },
  };
}

async function expectCounterAfterRestart(dataDir: string, acknowledged: number): Promise<void> {
  const backend = await startLocalBackend({ convexDir: FIXTURE_DIR, dataDir, port: 0, sitePort: 0, watch: false, log: false });
  try {
    const value = (await backend.run("counter:get", { name: "cli" })) as number;
    // Every acknowledged write is there; at most the four in flight at the kill are extra.
    expect(value).toBeGreaterThanOrEqual(acknowledged);
    expect(value).toBeLessThanOrEqual(acknowledged + 4);
  } finally {
    await backend.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
