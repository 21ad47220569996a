import { describe, expect, it } from "vitest";
import { nextRun } from "../src/engine/crons.js";
import { api } from "./fixture/convex/_generated/api";
import { startHarness, waitForValue } from "./helpers";

const at = (iso: string) => Date.parse(iso);

describe("cron schedules (UTC)", () => {
  it("computes the next run", () => {
    const now = at("2025-03-10T10:15:30Z"); // a Monday
    expect(nextRun({ type: "interval", minutes: 5 }, now)).toBe(now + 300_000);
    expect(nextRun({ type: "hourly", minuteUTC: 20 }, now)).toBe(at("2025-03-10T10:20:00Z"));
    expect(nextRun({ type: "daily", hourUTC: 9, minuteUTC: 0 }, now)).toBe(at("2025-03-11T09:00:00Z"));
    expect(nextRun({ type: "weekly", dayOfWeek: "sunday", hourUTC: 0 }, now)).toBe(at("2025-03-16T00:00:00Z"));
    expect(nextRun({ type: "monthly", day: 1, hourUTC: 3 }, now)).toBe(at("2025-04-01T03:00:00Z"));
    expect(nextRun({ type: "cron", cron: "*/20 * * * *" }, now)).toBe(at("2025-03-10T10:20:00Z"));
    expect(nextRun({ type: "cron", cron: "0 9 * * 1-5" }, at("2025-03-14T12:00:00Z"))).toBe(at("2025-03-17T09:00:00Z"));
  });
});

describe("cron jobs", () => {
  it("runs the jobs of convex/crons.ts and updates subscribers", async () => {
    const h = await startHarness({ env: { FIXTURE_CRON: "on" } });
    try {
      const client = h.ws();
      expect(await waitForValue(client, api.counter.get, { name: "cron" }, (v) => v >= 2, 5000)).toBeGreaterThanOrEqual(2);
    } finally {
      await h.stop();
    }
  });
});
