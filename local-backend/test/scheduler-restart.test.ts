// Scheduled jobs across restarts, as Convex documents them: a mutation that was running when the
// backend stopped is run again (its writes and its completion commit together), an action that
// was running is marked failed (actions run at most once), and pending jobs run exactly once.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startLocalBackend, type LocalBackend } from "../src/index.js";
import { callHttp, eventually, FIXTURE_DIR, startCli, startHarness, tempDir } from "./helpers";

interface Job {
  id: string;
  name: string;
  state: string;
  error: string | null;
}

const TRANSIENT = "Transient error while executing action";

function openBackend(dataDir: string): Promise<LocalBackend> {
  return startLocalBackend({ convexDir: FIXTURE_DIR, dataDir, port: 0, sitePort: 0, watch: false, log: false });
}

describe("scheduled jobs across a restart", () => {
  it("runs again a mutation that was running at the stop, and fails an action that was", async () => {
    const dataDir = tempDir("lb-jobs-");
    const h = await startHarness({ dataDir });
    try {
      const http = h.http();
      await http.mutation("jobs:scheduleIncrements" as never, { name: "mutation-job", count: 1, delayMs: 3_600_000 } as never);
      await http.mutation("jobs:scheduleSlowIncrement" as never, { name: "action-job", ms: 10, delayMs: 3_600_000 } as never);
      await h.backend.stop();
      // As the data folder is left when the backend dies while both jobs run.
      const file = path.join(dataDir, "db.json");
      const db = JSON.parse(fs.readFileSync(file, "utf8")) as { components: Record<string, { documents: Array<Record<string, unknown>> }> };
      const jobs = db.components[""].documents.filter((d) => d.name === "counter:incrementInternal" || d.name === "jobs:slowIncrement");
      expect(jobs).toHaveLength(2);
      for (const job of jobs) {
        job.state = { kind: "inProgress" };
        job.scheduledTime = Date.now();
      }
      fs.writeFileSync(file, JSON.stringify(db));

      const backend = await h.restart();
      const list = () => callHttp<Job[]>(backend.url, "query", "jobs:list");
      // The action is failed at once, before anything is served, and never runs.
      const action = (await list()).find((j) => j.name === "jobs:slowIncrement")!;
      expect(action).toMatchObject({ state: "failed", error: TRANSIENT });
      // The mutation runs again, once.
      await eventually(async () => expect((await list()).find((j) => j.name === "counter:incrementInternal")?.state).toBe("success"));
      expect(await backend.run("counter:get", { name: "mutation-job" })).toBe(1);
      expect(await backend.run("counter:get", { name: "action-job" })).toBe(0);
    } finally {
      await h.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("marks failed an action that was running when the process was killed", async () => {
    const dataDir = tempDir("lb-jobs-kill-");
    const cli = startCli(dataDir);
    const { url } = await cli.urls;
    await callHttp(url, "mutation", "jobs:scheduleSlowIncrement", { name: "killed-action", ms: 600_000 });
    await eventually(async () => expect((await callHttp<Job[]>(url, "query", "jobs:list"))[0]?.state).toBe("inProgress"), 60_000);
    cli.child.kill("SIGKILL");
    await cli.exited;
    const backend = await openBackend(dataDir);
    try {
      expect(await callHttp<Job[]>(backend.url, "query", "jobs:list")).toEqual([
        expect.objectContaining({ name: "jobs:slowIncrement", state: "failed", error: TRANSIENT }),
      ]);
      expect(await backend.run("counter:get", { name: "killed-action" })).toBe(0);
    } finally {
      await backend.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("runs every pending mutation job exactly once when the process is killed among them", async () => {
    const dataDir = tempDir("lb-jobs-once-");
    const cli = startCli(dataDir);
    const { url } = await cli.urls;
    const BATCHES = 3;
    const PER_BATCH = 400;
    for (let i = 0; i < BATCHES; i++) {
      await callHttp(url, "mutation", "jobs:scheduleIncrements", { name: "once", count: PER_BATCH });
    }
    // Kill while the jobs are running.
    await eventually(
      async () => expect(await callHttp<number>(url, "query", "counter:get", { name: "once" })).toBeGreaterThan(0),
      60_000,
      1,
    );
    cli.child.kill("SIGKILL");
    await cli.exited;
    const backend = await openBackend(dataDir);
    try {
      const list = () => callHttp<Job[]>(backend.url, "query", "jobs:list");
      await eventually(async () => expect((await list()).filter((j) => j.state !== "success")).toEqual([]), 120_000);
      expect(await list()).toHaveLength(BATCHES * PER_BATCH);
      expect(await backend.run("counter:get", { name: "once" })).toBe(BATCHES * PER_BATCH);
    } finally {
      await backend.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
