// The sitemap (docs/decisions.md "SEO, share cards, feeds and embeds"): valid XML listing exactly
// what anyone may open — visible works and challenges, public profiles with a handle — in month
// sitemaps, read in bounded pages.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createChallenge } from "./model/challenges.testkit";
import { monthOf, monthRange, monthsBetween, parseSitemapPath, SITEMAP_PAGE } from "./model/sitemap";
import { createWork } from "./model/works.testkit";
import { createUser, newTest, type TestConvex } from "./test.setup";

const SITE_URL = "https://app.example";
const NOW = Date.parse("2026-03-10T03:00:00Z");

beforeEach(() => {
  vi.stubEnv("SITE_URL", SITE_URL);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const parser = new XMLParser({ isArray: (name) => name === "url" || name === "sitemap" });

async function xml(t: TestConvex, path: string) {
  const response = await t.fetch(path);
  const body = await response.text();
  expect(XMLValidator.validate(body), path).toBe(true);
  return { status: response.status, type: response.headers.get("content-type"), doc: parser.parse(body) as SitemapDoc };
}

type SitemapDoc = { urlset?: { url?: { loc: string; lastmod?: string }[] }; sitemapindex?: { sitemap: { loc: string }[] } };
const locsOf = (doc: SitemapDoc) => (doc.urlset?.url ?? []).map((u) => u.loc);

describe("GET /sitemap.xml", () => {
  test("lists the fixed pages and one sitemap per kind per month since the first of each", async () => {
    const t = newTest();
    // (Creation times only move forward: the January rows first.)
    vi.setSystemTime(Date.parse("2026-01-20T03:00:00Z"));
    const author = await createUser(t);
    await createWork(t, author.userId);
    vi.setSystemTime(NOW);
    const { status, type, doc } = await xml(t, "/sitemap.xml");
    expect(status).toBe(200);
    expect(type).toBe("application/xml; charset=utf-8");
    const locs = doc.sitemapindex!.sitemap.map((s) => s.loc.replace(/^https?:\/\/[^/]+/, ""));
    expect(locs).toEqual([
      "/sitemaps/pages.xml",
      "/sitemaps/works-2026-01.xml",
      "/sitemaps/works-2026-02.xml",
      "/sitemaps/works-2026-03.xml",
      "/sitemaps/profiles-2026-01.xml",
      "/sitemaps/profiles-2026-02.xml",
      "/sitemaps/profiles-2026-03.xml",
    ]);
    const pages = await xml(t, "/sitemaps/pages.xml");
    expect(locsOf(pages.doc)).toEqual([
      `${SITE_URL}/`,
      `${SITE_URL}/projects`,
      `${SITE_URL}/ranking`,
      `${SITE_URL}/challenges`,
      `${SITE_URL}/tools`,
    ]);
  });
});

describe("month sitemaps", () => {
  test("exactly the visible works, public profiles with a handle and visible challenges of that month", async () => {
    const t = newTest();
    const open = await createUser(t, { handle: "open_user" });
    const closed = await createUser(t, { handle: "closed_user" });
    await t.run(async (ctx) => {
      const user = (await ctx.db.get("users", closed.userId))!;
      await ctx.db.patch("users", closed.userId, {
        settings: { ...user.settings, privacy: { ...user.settings.privacy, profileVisibility: "private" } },
      });
    });
    const shown = await createWork(t, open.userId, { title: "見える作品" });
    const hidden = await createWork(t, open.userId, { title: "隠された作品" });
    await t.run((ctx) => ctx.db.patch("projects", hidden, { hidden: true }));
    const challengeId = await createChallenge(open.as);
    const month = monthOf(NOW);

    const works = await xml(t, `/sitemaps/works-${month}.xml`);
    expect(locsOf(works.doc)).toEqual([`${SITE_URL}/projects/${shown}`]);
    expect(works.doc.urlset!.url![0]!.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const profiles = await xml(t, `/sitemaps/profiles-${month}.xml`);
    expect(locsOf(profiles.doc)).toEqual([`${SITE_URL}/profile/open_user`]);
    const challenges = await xml(t, `/sitemaps/challenges-${month}.xml`);
    expect(locsOf(challenges.doc)).toEqual([`${SITE_URL}/challenges/${challengeId}`]);
    // Another month holds none of them.
    expect(locsOf((await xml(t, "/sitemaps/works-2020-01.xml")).doc)).toEqual([]);
  });

  test("a month is read page by page, every work once", async () => {
    const t = newTest();
    const author = await createUser(t);
    const count = SITEMAP_PAGE + 5;
    const first = await createWork(t, author.userId);
    await t.run(async (ctx) => {
      const { _id, _creationTime, ...work } = (await ctx.db.get("projects", first))!;
      for (let i = 1; i < count; i++) await ctx.db.insert("projects", { ...work, title: `作品${i}` });
    });
    const locs = locsOf((await xml(t, `/sitemaps/works-${monthOf(NOW)}.xml`)).doc);
    expect(locs).toHaveLength(count);
    expect(new Set(locs).size).toBe(count);
  });

  test("unknown paths are 404", async () => {
    const t = newTest();
    for (const path of ["/sitemaps/works-2026-13.xml", "/sitemaps/likes-2026-01.xml", "/sitemaps/works.xml", "/sitemaps/"]) {
      expect((await t.fetch(path)).status, path).toBe(404);
    }
  });
});

describe("month arithmetic (Japan time)", () => {
  test("months, their ranges and paths", () => {
    // 2026-01-31 23:30 in Japan is still January there.
    expect(monthOf(Date.parse("2026-01-31T14:30:00Z"))).toBe("2026-01");
    expect(monthOf(Date.parse("2026-01-31T15:00:00Z"))).toBe("2026-02");
    expect(monthRange("2026-12")).toEqual({ start: Date.parse("2026-11-30T15:00:00Z"), end: Date.parse("2026-12-31T15:00:00Z") });
    expect(monthRange("2026-00")).toBeNull();
    expect(monthsBetween(Date.parse("2025-11-15T00:00:00Z"), Date.parse("2026-02-01T00:00:00Z"))).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
    expect(parseSitemapPath("/sitemaps/profiles-2026-02.xml")).toEqual({ kind: "profiles", month: "2026-02", part: 1 });
    expect(parseSitemapPath("/sitemaps/works-2026-02-p12.xml")).toEqual({ kind: "works", month: "2026-02", part: 12 });
    expect(parseSitemapPath("/sitemaps/pages.xml")).toBe("pages");
    expect(parseSitemapPath("/sitemaps/works-2026-2.xml")).toBeNull();
  });
});
