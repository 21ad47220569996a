// Components defined in the app's own repo: one definition mounted twice (own tables, own
// environment, an HTTP prefix), a nested component inside it, scheduling and file storage
// inside a component, transactions across the boundary, and auth that does not cross it.
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { startLocalBackend } from "../src/index.js";
import { api } from "./apps/local-components/convex/_generated/api";
import { eventually, type Harness, startHarness, tempDir } from "./helpers";

const APP = fileURLToPath(new URL("./apps/local-components/convex", import.meta.url));
const ENV = { OTHER_GREETING: "やあ" };
const SLOW = 120_000;
const PATIENCE = 60_000;

let h: Harness | null = null;
afterEach(async () => {
  await h?.stop();
  h = null;
});

async function start(): Promise<Harness> {
  h = await startHarness({ convexDir: APP, env: ENV });
  return h;
}

describe("components defined in the repo", () => {
  it("gives each mounted instance its own tables, and the nested component its own counts", async () => {
    const client = (await start()).http();
    await client.mutation(api.app.addNote, { text: "一つ目" });
    await client.mutation(api.app.addNote, { text: "二つ目" });
    await client.mutation(api.app.addNote, { text: "別の方", other: true });
    expect(await client.query(api.app.listNotes, {})).toEqual({
      component: { texts: ["こんにちは: 一つ目", "こんにちは: 二つ目"], tally: 2 },
      app: ["app copy of 一つ目", "app copy of 二つ目", "app copy of 別の方"],
    });
    expect((await client.query(api.app.listNotes, { other: true })).component).toEqual({ texts: ["やあ: 別の方"], tally: 1 });
  });

  it("shows each component only the variables its parent passed, plus its own site URL", async () => {
    const harness = await start();
    expect(await harness.http().query(api.app.greetings, {})).toEqual({
      app: { greeting: null, other: "やあ" },
      notes: {
        greeting: "こんにちは",
        siteUrl: `${harness.backend.siteUrl}/notes`,
        cloudUrl: harness.backend.url,
        appOnly: null,
      },
      otherNotes: { greeting: "やあ", siteUrl: harness.backend.siteUrl, cloudUrl: harness.backend.url, appOnly: null },
    });
  });

  it("fails at start, naming it, when a component's required variable is not set", async () => {
    const dataDir = tempDir();
    await expect(startLocalBackend({ convexDir: APP, dataDir, port: 0, sitePort: 0, watch: false, log: false })).rejects.toThrow(
      'component "otherNotes" requires environment variable GREETING',
    );
  });

  it("rolls back the component's writes when the calling mutation fails", async () => {
    const client = (await start()).http();
    await expect(client.mutation(api.app.addNoteThenFail, { text: "消える" })).rejects.toThrow("the app changed its mind");
    expect((await client.query(api.app.listNotes, {})).component).toEqual({ texts: [], tally: 0 });
  });

  it(
    "runs jobs scheduled into a component and inside one, also after a restart",
    async () => {
      const harness = await start();
      await harness.http().mutation(api.app.scheduleNote, { text: "予約" });
      await harness.http().mutation(api.app.scheduleInsideComponent, { text: "内側" });
      await eventually(async () => {
        const { texts } = (await harness.http().query(api.app.listNotes, {})).component;
        expect(texts.sort()).toEqual(["scheduled: 内側", "こんにちは: 予約"]);
      }, PATIENCE);
      await harness.restart();
      expect((await harness.http().query(api.app.listNotes, {})).component.tally).toBe(1);
    },
    SLOW,
  );

  it("stores files in the component's own storage, served by URL", async () => {
    const harness = await start();
    const stored = await harness.http().action(api.app.storeInComponent, { text: "ファイルの中身" });
    expect(stored.text).toBe("ファイルの中身");
    const response = await fetch(stored.url!);
    expect(response.headers.get("content-type")).toBe("text/plain");
    expect(await response.text()).toBe("ファイルの中身");
  });

  it("does not pass the caller's identity into a component", async () => {
    const harness = await start();
    expect(await harness.backend.run("app:identityInComponent", {}, { identity: { subject: "user-1" } })).toEqual({
      app: "user-1",
      component: null,
    });
  });

  it("serves a component's HTTP routes under its prefix", async () => {
    const harness = await start();
    await harness.http().mutation(api.app.addNote, { text: "ルート" });
    const response = await fetch(`${harness.backend.siteUrl}/notes/hello`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("こんにちは (1 notes)");
    expect((await fetch(`${harness.backend.siteUrl}/hello`)).status).toBe(404);
  });
});
