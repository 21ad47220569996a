// A month with more entries than one sitemap may hold (50,000 URLs) goes on in further parts.
// The limit is cut to 5 here (pages of 2) so the test stays small; the code paths are the same.
import { XMLParser } from "fast-xml-parser";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { monthOf } from "./model/sitemap";
import { createWork } from "./model/works.testkit";
import { createUser, newTest, type TestConvex } from "./test.setup";

vi.mock("./model/sitemap", async (original) => ({
  ...(await original<typeof import("./model/sitemap")>()),
  SITEMAP_MAX_URLS: 5,
  SITEMAP_PAGE: 2,
}));

const SITE_URL = "https://app.example";
const NOW = Date.parse("2026-03-10T03:00:00Z");
const MONTH = monthOf(NOW);

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
type SitemapDoc = { urlset?: { url?: { loc: string }[] }; sitemapindex?: { sitemap: { loc: string }[] } };

async function get(t: TestConvex, path: string) {
  const response = await t.fetch(path);
  return { status: response.status, doc: parser.parse(await response.text()) as SitemapDoc };
}
const locs = async (t: TestConvex, path: string) => ((await get(t, path)).doc.urlset?.url ?? []).map((url) => url.loc);
const indexPaths = async (t: TestConvex) =>
  (await get(t, "/sitemap.xml")).doc
    .sitemapindex!.sitemap.map((s) => s.loc.replace(/^https?:\/\/[^/]+/, ""))
    .filter((p) => p.startsWith("/sitemaps/works"));

/** `count` works created one millisecond apart, oldest first. */
async function works(t: TestConvex, count: number) {
  const author = await createUser(t);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    vi.setSystemTime(NOW - (count - i));
    ids.push(await createWork(t, author.userId, { title: `作品${i}` }));
  }
  vi.setSystemTime(NOW);
  return ids.map((id) => `${SITE_URL}/projects/${id}`);
}

test("a full month's sitemap records its next part, which the index then lists; every work is in exactly one part", async () => {
  const t = newTest();
  const all = await works(t, 12);
  expect(await indexPaths(t)).toEqual([`/sitemaps/works-${MONTH}.xml`]);

  const first = await locs(t, `/sitemaps/works-${MONTH}.xml`);
  expect(first).toEqual(all.slice(0, 5));
  // Serving it found more: part 2 is recorded and listed.
  expect(await indexPaths(t)).toEqual([`/sitemaps/works-${MONTH}.xml`, `/sitemaps/works-${MONTH}-p2.xml`]);
  expect(await locs(t, `/sitemaps/works-${MONTH}-p2.xml`)).toEqual(all.slice(5, 10));
  expect(await locs(t, `/sitemaps/works-${MONTH}-p3.xml`)).toEqual(all.slice(10));
  expect(await indexPaths(t)).toEqual([
    `/sitemaps/works-${MONTH}.xml`,
    `/sitemaps/works-${MONTH}-p2.xml`,
    `/sitemaps/works-${MONTH}-p3.xml`,
  ]);
  // Served again, the parts are the same.
  expect(await locs(t, `/sitemaps/works-${MONTH}.xml`)).toEqual(all.slice(0, 5));
  expect(await locs(t, `/sitemaps/works-${MONTH}-p2.xml`)).toEqual(all.slice(5, 10));
});

test("a part not recorded is 404, and malformed part numbers are too", async () => {
  const t = newTest();
  await works(t, 2);
  for (const path of [
    `/sitemaps/works-${MONTH}-p2.xml`,
    `/sitemaps/works-${MONTH}-p1.xml`,
    `/sitemaps/works-${MONTH}-p0.xml`,
    `/sitemaps/works-${MONTH}-p02.xml`,
  ]) {
    expect((await get(t, path)).status, path).toBe(404);
  }
  expect((await get(t, `/sitemaps/works-${MONTH}.xml`)).status).toBe(200);
});
