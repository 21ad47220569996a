// Embeds (docs/decisions.md "SEO, share cards, feeds and embeds"): the card page is framable,
// escapes everything it prints and links to the work; hidden and missing works show a short card;
// oEmbed describes a work page or share link.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { EMBED_HEIGHT, EMBED_WIDTH, embedCode } from "./model/embedLinks";
import { realGif, realPng, storePair } from "./model/screenshots.testkit";
import { idAfterPrefix } from "./model/webApp";
import { createWork } from "./model/works.testkit";
import { createUser, newTest, type TestConvex } from "./test.setup";

const SITE_URL = "https://app.example";
/** Where convex-test serves HTTP actions (`t.fetch`). */
const CONVEX_SITE = "https://some.convex.site";

beforeEach(() => {
  vi.stubEnv("SITE_URL", SITE_URL);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

async function card(t: TestConvex, path: string) {
  const response = await t.fetch(path);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

describe("GET /embed/projects/{id}", () => {
  test("a card with the thumbnail, title, author, zero-code mark and likes, linking to the work page", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "作り手" });
    const shot = await storePair(t, realPng(), realGif(), "image/gif");
    const id = await createWork(t, author.userId, { title: "ふんわり家計簿", isZeroCode: true, screenshots: [shot] });
    const thumbnail = await t.run(async (ctx) => await ctx.storage.getUrl(shot.thumbnailStorageId));
    const { status, headers, html } = await card(t, `/embed/projects/${id}`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(headers.get("x-frame-options")).toBeNull();
    expect(headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(html).toContain(`<a class="card" href="${SITE_URL}/projects/${id}" target="_blank" rel="noopener">`);
    expect(html).toContain(`<img src="${thumbnail}"`);
    expect(html).toContain("<h1>ふんわり家計簿</h1>");
    expect(html).toContain("作り手 ・ ♥ 0");
    expect(html).toContain('<span class="zero">ゼロコード</span>');
    expect(html).not.toContain("<script");
  });

  test("escapes everything it prints", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: `"><script>alert(1)</script>` });
    const id = await createWork(t, author.userId, { title: `<img src=x onerror=alert(1)>`, description: `"'&<>` });
    const { html } = await card(t, `/embed/projects/${id}`);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&quot;&#39;&amp;&lt;&gt;");
  });

  test("hidden, deleted and malformed ids show the short card with a 404", async () => {
    const t = newTest();
    const author = await createUser(t);
    const hidden = await createWork(t, author.userId, { title: "隠された作品" });
    await t.run((ctx) => ctx.db.patch("projects", hidden, { hidden: true }));
    const deleted = await createWork(t, author.userId);
    await t.run((ctx) => ctx.db.delete("projects", deleted));
    for (const path of [`/embed/projects/${hidden}`, `/embed/projects/${deleted}`, "/embed/projects/nope", "/embed/projects/"]) {
      const { status, html } = await card(t, path);
      expect(status, path).toBe(404);
      expect(html).toContain("この作品は表示できません");
      expect(html).not.toContain("隠された作品");
    }
  });
});

describe("GET /oembed", () => {
  test("describes a work page or its share link as a rich embed", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "作り手", handle: "maker" });
    const id = await createWork(t, author.userId, { title: "ふんわり家計簿" });
    for (const url of [`${SITE_URL}/projects/${id}`, `${CONVEX_SITE}/share/projects/${id}`]) {
      const response = await t.fetch(`/oembed?url=${encodeURIComponent(url)}&format=json`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(await response.json()).toEqual({
        version: "1.0",
        type: "rich",
        provider_name: "バイブギャラリー",
        provider_url: `${SITE_URL}/`,
        title: "ふんわり家計簿",
        author_name: "作り手",
        author_url: `${SITE_URL}/profile/maker`,
        html: embedCode(CONVEX_SITE, id, "ふんわり家計簿", EMBED_WIDTH, EMBED_HEIGHT),
        width: EMBED_WIDTH,
        height: EMBED_HEIGHT,
      });
    }
    const small = (await (
      await t.fetch(`/oembed?url=${encodeURIComponent(`${SITE_URL}/projects/${id}`)}&maxwidth=300&maxheight=9999`)
    ).json()) as {
      width: number;
      height: number;
    };
    expect([small.width, small.height]).toEqual([300, EMBED_HEIGHT]);
  });

  test("404 for other sites, hidden works and nonsense; 501 for XML", async () => {
    const t = newTest();
    const author = await createUser(t);
    const hidden = await createWork(t, author.userId);
    await t.run((ctx) => ctx.db.patch("projects", hidden, { hidden: true }));
    for (const url of [`https://evil.example/projects/${hidden}`, `${SITE_URL}/projects/${hidden}`, "not a url", `${SITE_URL}/profile/x`]) {
      expect((await t.fetch(`/oembed?url=${encodeURIComponent(url)}`)).status, url).toBe(404);
    }
    expect((await t.fetch("/oembed")).status).toBe(404);
    expect((await t.fetch(`/oembed?url=${encodeURIComponent(`${SITE_URL}/projects/x`)}&format=xml`)).status).toBe(501);
  });
});

test("the embed code escapes the title and sizes the frame", () => {
  expect(embedCode("https://s.example", "abc", `"quoted" <b>`)).toBe(
    `<iframe src="https://s.example/embed/projects/abc" title="&quot;quoted&quot; &lt;b&gt; | バイブギャラリー" width="100%" height="${EMBED_HEIGHT}" style="max-width:${EMBED_WIDTH}px;border:0;border-radius:16px" loading="lazy"></iframe>`,
  );
  expect(idAfterPrefix("/projects/a%20b/", "/projects/")).toBe("a b");
  expect(idAfterPrefix("/projects/a/b", "/projects/")).toBeNull();
});
