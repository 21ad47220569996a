// The component calls of local-backend/test/local-components.test.ts, in convex-test.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "./_generated/api";
import { newTest } from "./test.setup";

// convex-test has one process.env for all components; the backend gives each its own.
beforeEach(() => {
  vi.stubEnv("GREETING", "こんにちは");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("local components in convex-test", () => {
  it("keeps each mounted instance's tables apart, with the nested component's counts", async () => {
    const t = newTest();
    await t.mutation(api.app.addNote, { text: "一つ目" });
    await t.mutation(api.app.addNote, { text: "別の方", other: true });
    const { component, app } = await t.query(api.app.listNotes, {});
    expect(component.tally).toBe(1);
    expect(component.texts).toHaveLength(1);
    expect(app).toEqual(["app copy of 一つ目", "app copy of 別の方"]);
    expect((await t.query(api.app.listNotes, { other: true })).component.tally).toBe(1);
  });

  it("rolls back the component's writes with the calling mutation", async () => {
    const t = newTest();
    await expect(t.mutation(api.app.addNoteThenFail, { text: "消える" })).rejects.toThrow("the app changed its mind");
    expect((await t.query(api.app.listNotes, {})).component).toEqual({ texts: [], tally: 0 });
  });

  it("runs a job the app scheduled into the component", async () => {
    vi.useFakeTimers();
    const t = newTest();
    await t.mutation(api.app.scheduleNote, { text: "予約" });
    await t.mutation(api.app.scheduleInsideComponent, { text: "内側" });
    await t.finishAllScheduledFunctions(() => vi.runAllTimers());
    expect((await t.query(api.app.listNotes, {})).component.texts).toHaveLength(2);
  });

  it("does not pass the caller's identity into the component", async () => {
    const t = newTest();
    expect(await t.withIdentity({ subject: "user-1" }).query(api.app.identityInComponent, {})).toEqual({
      app: "user-1",
      component: null,
    });
  });
});
