import { spawn } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { startLocalBackend } from "../src/index.js";
import { FIXTURE_DIR, tempDir } from "./helpers";

const CLI = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

function startCli(dataDir: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", CLI, "--convex", FIXTURE_DIR, "--data", dataDir, "--port", "0", "--site-port", "0", "--no-watch", "--json"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const urls = new Promise<{ url: string; siteUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URLs printed:\n${output}`)), 20_000);
    child.stdout.on("data", () => {
      const line = output.split("\n").find((l) => l.startsWith("{"));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as { url: string; siteUrl: string });
      }
    });
  });
  return { child, urls, output: () => output };
}

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

  it("survives being killed mid-write: the data dir still loads", async () => {
    const dataDir = tempDir("lb-kill-");
    const cli = startCli(dataDir);
    const { url } = await cli.urls;
    let acknowledged = 0;
    let running = true;
    const writers = Array.from({ length: 4 }, async () => {
      while (running) {
        const response = await increment(url).catch(() => null);
        if (response?.ok) acknowledged++;
        else break;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const exited = new Promise((resolve) => cli.child.on("exit", resolve));
    cli.child.kill("SIGKILL");
    await exited;
    running = false;
    await Promise.all(writers);
    expect(acknowledged).toBeGreaterThan(10);

    const backend = await startLocalBackend({ convexDir: FIXTURE_DIR, dataDir, port: 0, sitePort: 0, watch: false, log: false });
    try {
      const value = (await backend.run("counter:get", { name: "cli" })) as number;
      // Only the last fraction of a second of acknowledged writes may be lost.
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThanOrEqual(acknowledged + 4);
    } finally {
      await backend.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
