// Atom feeds (docs/decisions.md "SEO, share cards, feeds and embeds"): valid XML, newest visible
// works first, hidden works and private creators never listed, escaped text, bounded to FEED_SIZE
// entries.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { parseFeedPath } from "./feeds";
import { FEED_SIZE, FEED_SUMMARY_MAX } from "./model/atom";
import { createWork } from "./model/works.testkit";
import { createUser, newTest, type TestConvex } from "./test.setup";

const SITE_URL = "https://app.example";

beforeEach(() => {
  vi.stubEnv("SITE_URL", SITE_URL);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => name === "entry" || name === "link" });

type Entry = { title: string; id: string; summary: string; author: { name: string }; published: string; updated: string };

async function atom(t: TestConvex, path: string) {
  const response = await t.fetch(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  const body = await response.text();
  expect(XMLValidator.validate(body), path).toBe(true);
  const feed = (
    parser.parse(body) as { feed: { title: string; entry?: Entry[]; link: { "@rel": string; "@href": string }[]; updated: string } }
  ).feed;
  return { feed, entries: feed.entry ?? [], body };
}

async function setPrivacy(
  t: TestConvex,
  userId: Parameters<typeof createWork>[1],
  privacy: { profileVisibility?: "public" | "private"; showProjects?: boolean },
) {
  await t.run(async (ctx) => {
    const user = (await ctx.db.get("users", userId))!;
    await ctx.db.patch("users", userId, { settings: { ...user.settings, privacy: { ...user.settings.privacy, ...privacy } } });
  });
}

describe("GET /feeds/works.xml", () => {
  test("the newest visible works, escaped, with links to the web app, at most FEED_SIZE", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "作者<b>", handle: "author_one" });
    const ids = [];
    for (let i = 0; i < FEED_SIZE + 2; i++) ids.push(await createWork(t, author.userId, { title: `作品${i}` }));
    const hidden = await createWork(t, author.userId, { title: "隠された作品" });
    await t.run((ctx) => ctx.db.patch("projects", hidden, { hidden: true }));
    const tricky = await createWork(t, author.userId, {
      title: `A&B <script>"x"</script>\u0007`,
      description: "あ".repeat(FEED_SUMMARY_MAX + 10),
    });

    const { feed, entries, body } = await atom(t, "/feeds/works.xml");
    expect(feed.title).toBe("バイブギャラリーの新着作品");
    expect(feed.link.find((l) => l["@rel"] === "alternate")?.["@href"]).toBe(`${SITE_URL}/projects`);
    expect(entries).toHaveLength(FEED_SIZE);
    expect(entries.map((e) => e.id)).toEqual([tricky, ...ids.slice(-(FEED_SIZE - 1)).reverse()].map((id) => `${SITE_URL}/projects/${id}`));
    expect(entries[0]!.title).toBe(`A&B <script>"x"</script>`);
    expect(entries[0]!.summary).toBe(`${"あ".repeat(FEED_SUMMARY_MAX - 1)}…`);
    expect(entries[0]!.author.name).toBe("作者<b>");
    expect(body).not.toContain("<script>");
    expect(body).not.toContain("隠された作品");
    expect(Date.parse(feed.updated)).toBe(Date.parse(entries[0]!.updated));
  });
});

describe("GET /feeds/users/{handle}.xml", () => {
  test("one creator's visible works; 404 when the profile does not show its works to everyone", async () => {
    const t = newTest();
    const author = await createUser(t, { handle: "maker", displayName: "作り手" });
    const other = await createUser(t, { handle: "someone" });
    const mine = await createWork(t, author.userId, { title: "私の作品" });
    await createWork(t, other.userId, { title: "他人の作品" });
    const { feed, entries } = await atom(t, "/feeds/users/maker.xml");
    expect(feed.title).toBe("作り手さんの作品 | バイブギャラリー");
    expect(entries.map((e) => e.id)).toEqual([`${SITE_URL}/projects/${mine}`]);

    await setPrivacy(t, author.userId, { showProjects: false });
    expect((await t.fetch("/feeds/users/maker.xml")).status).toBe(404);
    await setPrivacy(t, author.userId, { showProjects: true, profileVisibility: "private" });
    expect((await t.fetch("/feeds/users/maker.xml")).status).toBe(404);
    expect((await t.fetch("/feeds/users/nobody.xml")).status).toBe(404);
  });
});

describe("GET /feeds/tags/{tag}.xml", () => {
  test("a tag's works in any spelling, newest first; a tag nobody uses is an empty feed", async () => {
    const t = newTest();
    const author = await createUser(t);
    const a = await createWork(t, author.userId, { tags: ["ＡＩ"] });
    await createWork(t, author.userId, { tags: ["ゲーム"] });
    const b = await createWork(t, author.userId, { tags: ["ai"] });
    const { feed, entries } = await atom(t, `/feeds/tags/${encodeURIComponent("Ai")}.xml`);
    expect(feed.title).toMatch(/^#(AI|ＡＩ|ai)の作品 \| バイブギャラリー$/);
    expect(entries.map((e) => e.id)).toEqual([b, a].map((id) => `${SITE_URL}/projects/${id}`));
    const empty = await atom(t, `/feeds/tags/${encodeURIComponent("まだない")}.xml`);
    expect(empty.entries).toEqual([]);
  });

  test("unknown feed paths are 404", async () => {
    const t = newTest();
    for (const path of ["/feeds/", "/feeds/works", "/feeds/users/a/b.xml", "/feeds/tags/%E0%A4.xml", "/feeds/likes/x.xml"]) {
      expect((await t.fetch(path)).status, path).toBe(404);
    }
    expect(parseFeedPath("/feeds/tags/%E3%81%82.xml")).toEqual({ kind: "tag", key: "あ" });
  });
});
