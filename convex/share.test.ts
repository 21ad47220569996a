// Share links (docs/decisions.md "SEO, share cards, feeds and embeds"): GET /share/projects/{id} on
// the HTTP-action site.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import indexHtml from "../index.html?raw";
import type { Id } from "./_generated/dataModel";
import { cloudSiteUrl, shareProjectPath } from "./model/shareLinks";
import { summarize } from "./model/cleanText";
import { escapeHtml } from "./model/markup";
import { renderSharePage, SHARE_DESCRIPTION_MAX, SITE_TAGS } from "./model/sharePage";
import { api, internal } from "./_generated/api";
import { realCardPng, realGif, realPng, storePair, uploadCard, uploadShot } from "./model/screenshots.testkit";
import { createWork, workForm } from "./model/works.testkit";
import { createUser, newTest, type TestConvex } from "./test.setup";
import { meta, unescapeHtml } from "./model/sharePage.testkit";

const SITE_URL = "https://app.example";
/** Where convex-test serves HTTP actions (`t.fetch`). */
const CONVEX_SITE = "https://some.convex.site";

beforeEach(() => {
  vi.stubEnv("SITE_URL", SITE_URL);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

async function share(t: TestConvex, path: string) {
  const response = await t.fetch(path);
  return { status: response.status, type: response.headers.get("content-type"), html: await response.text() };
}

async function workWithThumbnail(t: TestConvex, input: { title: string; description: string }) {
  const author = await createUser(t);
  // Different bytes, so the two files have different URLs.
  const shot = await storePair(t, realPng(), realGif(), "image/gif");
  const id = await createWork(t, author.userId, { ...input, screenshots: [shot] });
  const thumbnailUrl = await t.run(async (ctx) => await ctx.storage.getUrl(shot.thumbnailStorageId));
  const originalUrl = await t.run(async (ctx) => await ctx.storage.getUrl(shot.storageId));
  return { id, thumbnailUrl: thumbnailUrl!, originalUrl: originalUrl! };
}

describe("GET /share/projects/{id}", () => {
  test("answers with the work's Open Graph and Twitter card tags, then sends people to the work page", async () => {
    const t = newTest();
    const { id, thumbnailUrl, originalUrl } = await workWithThumbnail(t, {
      title: "今日のパレット",
      description: "毎日ひとつ、季節に合った配色パレットを提案してくれるツール。",
    });
    const { status, type, html } = await share(t, `/share/projects/${id}`);
    expect(status).toBe(200);
    expect(type).toBe("text/html; charset=utf-8");
    const workUrl = `${SITE_URL}/projects/${id}`;

    expect(meta(html, "og:title")).toBe("今日のパレット");
    expect(meta(html, "og:description")).toBe("毎日ひとつ、季節に合った配色パレットを提案してくれるツール。");
    expect(meta(html, "og:site_name")).toBe("バイブギャラリー");
    expect(meta(html, "og:type")).toBe("article");
    expect(meta(html, "og:url")).toBe(`${CONVEX_SITE}/share/projects/${id}`);
    // The thumbnail, as an absolute URL, not the original screenshot.
    expect(meta(html, "og:image")).toBe(thumbnailUrl);
    expect(thumbnailUrl).toMatch(/^https:\/\//);
    expect(html).not.toContain(originalUrl);
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(meta(html, "twitter:title")).toBe("今日のパレット");
    expect(meta(html, "twitter:description")).toBe(meta(html, "og:description"));
    expect(meta(html, "twitter:image")).toBe(thumbnailUrl);
    // The thumbnail's size is not known to the page, so it names none.
    expect(meta(html, "og:image:width")).toBeUndefined();
    expect(meta(html, "og:image:height")).toBeUndefined();
    expect(html).toContain("<title>今日のパレット | バイブギャラリー</title>");

    // People go on to the work page: meta refresh, a script, and a link for when neither runs.
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${workUrl}">`);
    expect(html).toContain(`<script>location.replace("${workUrl}");</script>`);
    expect(html).toContain(`<a href="${workUrl}">「今日のパレット」をバイブギャラリーで見る</a>`);

    // Sites that embed links find the oEmbed description, which answers for this share link.
    const oembedHref = unescapeHtml(/<link rel="alternate" type="application\/json\+oembed" href="([^"]*)"/.exec(html)![1]!);
    expect(oembedHref).toBe(`${CONVEX_SITE}/oembed?url=${encodeURIComponent(`${CONVEX_SITE}/share/projects/${id}`)}`);
    const oembed = await t.fetch(oembedHref.slice(CONVEX_SITE.length));
    expect(oembed.status).toBe(200);
    expect(await oembed.json()).toMatchObject({ type: "rich", title: "今日のパレット" });
  });

  test("escapes the work's text everywhere and cuts a long description", async () => {
    const t = newTest();
    const title = `<script>alert("x")</script> & 'Tom's' "パレット"`;
    const description = `1行目 <b>太字</b> & "引用"\n\n2行目 ${"あ".repeat(200)}`;
    const { id } = await workWithThumbnail(t, { title, description });
    const { html } = await share(t, `/share/projects/${id}`);

    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Tom&#39;s&#39; &quot;パレット&quot;");
    // Only the redirect script, nothing else that runs.
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(meta(html, "og:title")).toBe(title);
    expect(meta(html, "twitter:title")).toBe(title);
    const cut = meta(html, "og:description")!;
    expect(Array.from(cut)).toHaveLength(SHARE_DESCRIPTION_MAX);
    expect(cut.startsWith(`1行目 <b>太字</b> & "引用" 2行目 あああ`)).toBe(true);
    expect(cut.endsWith("あ…")).toBe(true);
    expect(meta(html, "description")).toBe(cut);
  });

  test("a work with a share card shows the card as og:image and twitter:image, 1200×630, as a large card", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "作者" });
    const shot = await uploadShot(t, author.as);
    const form = { ...workForm, title: "カード付きの作品", isZeroCode: true, screenshots: [shot] };
    const id = await author.as.mutation(api.projects.create, { ...form, isZeroCode: true });
    const thumbnailUrl = await t.run(async (ctx) => await ctx.storage.getUrl(shot.thumbnailStorageId));
    // Until the browser's card arrives, the thumbnail stands in.
    expect(meta((await share(t, `/share/projects/${id}`)).html, "og:image")).toBe(thumbnailUrl);

    const card = await uploadCard(t, author.as);
    await author.as.mutation(api.projects.setShareCard, { id, storageId: card, title: form.title, firstScreenshot: shot.storageId });
    const cardUrl = await t.run(async (ctx) => await ctx.storage.getUrl(card));
    const { status, html } = await share(t, `/share/projects/${id}`);
    expect(status).toBe(200);
    expect(cardUrl).toMatch(/^https:\/\//);
    expect(meta(html, "og:image")).toBe(cardUrl);
    expect(meta(html, "twitter:image")).toBe(cardUrl);
    expect(meta(html, "og:image:width")).toBe("1200");
    expect(meta(html, "og:image:height")).toBe("630");
    expect(meta(html, "og:image:alt")).toBe("カード付きの作品");
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(html).not.toContain(thumbnailUrl!);
    // The card URL serves the card itself.
    const served = await t.run(async (ctx) => await (await ctx.storage.get(card))!.arrayBuffer());
    expect(new Uint8Array(served)).toEqual(realCardPng());

    // An edit that changes the title drops the stale card: the thumbnail stands in...
    await author.as.mutation(api.projects.update, { id, ...form, title: "新しい題" });
    const after = (await share(t, `/share/projects/${id}`)).html;
    expect(meta(after, "og:image")).toBe(thumbnailUrl);
    expect(meta(after, "twitter:image")).toBe(thumbnailUrl);
    expect(meta(after, "og:image:width")).toBeUndefined();
    // ...until the new card arrives.
    const next = await uploadCard(t, author.as);
    await author.as.mutation(api.projects.setShareCard, { id, storageId: next, title: "新しい題", firstScreenshot: shot.storageId });
    const nextUrl = await t.run(async (ctx) => await ctx.storage.getUrl(next));
    const renamed = (await share(t, `/share/projects/${id}`)).html;
    expect(meta(renamed, "og:image")).toBe(nextUrl);
    expect(meta(renamed, "og:image:width")).toBe("1200");
    expect(meta(renamed, "og:image:alt")).toBe("新しい題");
  });

  test("a card that shows the author's old name or photo is not shown; the next 更新する draws one", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "旧い名前" });
    const shot = await uploadShot(t, author.as);
    const form = { ...workForm, title: "名前の変わる作品", screenshots: [shot] };
    const id = await author.as.mutation(api.projects.create, { ...form, isZeroCode: false });
    const card = await uploadCard(t, author.as);
    await author.as.mutation(api.projects.setShareCard, { id, storageId: card, title: form.title, firstScreenshot: shot.storageId });
    const cardUrl = await t.run(async (ctx) => await ctx.storage.getUrl(card));
    const thumbnailUrl = await t.run(async (ctx) => await ctx.storage.getUrl(shot.thumbnailStorageId));
    const forEdit = async () => {
      const answer = await author.as.query(api.projects.getForEdit, { id });
      return answer.status === "ok" ? answer.work.hasShareCard : null;
    };
    expect(meta((await share(t, `/share/projects/${id}`)).html, "og:image")).toBe(cardUrl);
    expect(await forEdit()).toBe(true);

    const profile = { handle: "renamed", bio: "", location: "", websiteUrl: "", githubUrl: "", twitterUrl: "" };
    await author.as.mutation(api.users.updateProfile, { ...profile, displayName: "新しい名前", photo: { kind: "keep" } });
    const renamed = (await share(t, `/share/projects/${id}`)).html;
    expect(meta(renamed, "og:image")).toBe(thumbnailUrl);
    expect(meta(renamed, "og:image:width")).toBeUndefined();
    expect(await forEdit()).toBe(false);

    // The card drawn after the next 更新する shows the new name.
    const next = await uploadCard(t, author.as);
    await author.as.mutation(api.projects.setShareCard, { id, storageId: next, title: form.title, firstScreenshot: shot.storageId });
    const nextUrl = await t.run(async (ctx) => await ctx.storage.getUrl(next));
    expect(meta((await share(t, `/share/projects/${id}`)).html, "og:image")).toBe(nextUrl);
    expect(await forEdit()).toBe(true);

    // A new photo makes it stale too.
    await t.run(async (ctx) => await ctx.db.patch("users", author.userId, { image: "https://photos.example/new.png" }));
    expect(meta((await share(t, `/share/projects/${id}`)).html, "og:image")).toBe(thumbnailUrl);
  });

  test("cards put on before their author was recorded are taken to show the author as they are now", async () => {
    const t = newTest();
    const author = await createUser(t, { displayName: "作者" });
    const shot = await uploadShot(t, author.as);
    const form = { ...workForm, title: "古いカード", screenshots: [shot] };
    const id = await author.as.mutation(api.projects.create, { ...form, isZeroCode: false });
    const card = await uploadCard(t, author.as);
    await author.as.mutation(api.projects.setShareCard, { id, storageId: card, title: form.title, firstScreenshot: shot.storageId });
    await t.run(async (ctx) => await ctx.db.patch("projects", id, { shareCardAuthor: undefined }));
    const cardUrl = await t.run(async (ctx) => await ctx.storage.getUrl(card));
    expect(meta((await share(t, `/share/projects/${id}`)).html, "og:image")).not.toBe(cardUrl);

    vi.useFakeTimers();
    await t.mutation(internal.migrations.runAll, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    vi.useRealTimers();
    expect(meta((await share(t, `/share/projects/${id}`)).html, "og:image")).toBe(cardUrl);
  });

  test("a work without screenshots shows the site's default image", async () => {
    const t = newTest();
    const author = await createUser(t);
    const id = await createWork(t, author.userId, { title: "画像なし", description: "" });
    const { status, html } = await share(t, `/share/projects/${id}`);
    expect(status).toBe(200);
    expect(meta(html, "og:image")).toBe(`${SITE_URL}/og-image.png`);
    expect(meta(html, "twitter:image")).toBe(`${SITE_URL}/og-image.png`);
    // The site image is a 1200×630 card too.
    expect(meta(html, "og:image:width")).toBe("1200");
    expect(meta(html, "og:image:height")).toBe("630");
    // An empty description falls back to the site's.
    expect(meta(html, "og:description")).toBe(SITE_TAGS.description);
  });

  test("a trailing slash after the id is accepted, and one at the end of SITE_URL is dropped", async () => {
    vi.stubEnv("SITE_URL", `${SITE_URL}/`);
    const t = newTest();
    const { id } = await workWithThumbnail(t, { title: "A", description: "B" });
    const { status, html } = await share(t, `/share/projects/${id}/`);
    expect(status).toBe(200);
    expect(html).toContain(`url=${SITE_URL}/projects/${id}"`);
  });

  test("a missing, deleted, hidden or malformed id gives a 404 page with the site's default tags and a link home", async () => {
    const t = newTest();
    const author = await createUser(t);
    const deleted = await createWork(t, author.userId);
    await t.run(async (ctx) => ctx.db.delete("projects", deleted));
    const hidden = await createWork(t, author.userId, { title: "隠された作品" });
    await t.run(async (ctx) => ctx.db.patch("projects", hidden, { hidden: true }));
    const userId: Id<"users"> = author.userId;
    for (const path of [
      `/share/projects/${deleted}`,
      `/share/projects/${hidden}`,
      `/share/projects/${userId}`,
      "/share/projects/not-a-work",
      "/share/projects/%E0%A4%A",
      `/share/projects/${deleted}/extra`,
      "/share/projects/",
    ]) {
      const { status, type, html } = await share(t, path);
      expect(status, path).toBe(404);
      expect(type).toBe("text/html; charset=utf-8");
      expect(meta(html, "og:title")).toBe(SITE_TAGS.title);
      expect(meta(html, "og:description")).toBe(SITE_TAGS.description);
      expect(meta(html, "og:image")).toBe(`${SITE_URL}/og-image.png`);
      expect(meta(html, "og:url")).toBe(`${SITE_URL}/`);
      expect(meta(html, "twitter:card")).toBe("summary_large_image");
      expect(html).toContain("<h1>プロジェクトが見つかりません</h1>");
      expect(html).toContain(`<a href="${SITE_URL}/">バイブギャラリーのトップへ</a>`);
      expect(html).not.toContain("http-equiv");
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("隠された作品");
    }
  });
});

describe("share page rendering", () => {
  test("a hostile work URL cannot close the script or the attribute", () => {
    const workUrl = `https://a.example/x"></script><script>alert(1)</script>\u2028`;
    const html = renderSharePage(
      { title: "t", description: "d", imageUrl: null },
      { shareUrl: "https://s.example/share/projects/1", workUrl, siteUrl: "https://a.example" },
    );
    expect(html).not.toContain("</script><script>");
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain(
      `location.replace("https://a.example/x\\"\\u003e\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u2028");`,
    );
    expect(html).toContain(`content="0; url=${escapeHtml(workUrl)}"`);
  });

  test("summarize collapses whitespace and cuts by characters, not UTF-16 units", () => {
    expect(summarize("  a\n\n b\tc  ", 10)).toBe("a b c");
    expect(summarize("🎨".repeat(5), 3)).toBe("🎨🎨…");
    expect(summarize("abcdef", 6)).toBe("abcdef");
    expect(summarize("abc   def", 5)).toBe("abc…");
  });
});

describe("share links", () => {
  test("the path of a work's share page", () => {
    expect(shareProjectPath("abc123")).toBe("/share/projects/abc123");
    expect(shareProjectPath("a/b")).toBe("/share/projects/a%2Fb");
  });

  test("a Convex Cloud deployment serves HTTP actions on its .convex.site twin", () => {
    expect(cloudSiteUrl("https://happy-otter-123.convex.cloud")).toBe("https://happy-otter-123.convex.site");
    expect(cloudSiteUrl("https://happy-otter-123.eu-west-1.convex.cloud/")).toBe("https://happy-otter-123.eu-west-1.convex.site");
    expect(cloudSiteUrl("http://127.0.0.1:3210")).toBeNull();
    expect(cloudSiteUrl("not a url")).toBeNull();
  });
});

test("index.html carries the site's default Open Graph and Twitter card tags", () => {
  expect(meta(indexHtml, "description")).toBe(SITE_TAGS.description);
  expect(meta(indexHtml, "og:site_name")).toBe(SITE_TAGS.siteName);
  expect(meta(indexHtml, "og:title")).toBe(SITE_TAGS.title);
  expect(meta(indexHtml, "og:description")).toBe(SITE_TAGS.description);
  expect(meta(indexHtml, "og:type")).toBe("website");
  expect(meta(indexHtml, "og:image")).toBe(SITE_TAGS.imagePath);
  expect(meta(indexHtml, "twitter:card")).toBe("summary_large_image");
  expect(meta(indexHtml, "twitter:title")).toBe(SITE_TAGS.title);
  expect(meta(indexHtml, "twitter:description")).toBe(SITE_TAGS.description);
  expect(meta(indexHtml, "twitter:image")).toBe(SITE_TAGS.imagePath);
  expect(indexHtml).toContain(`<title>${SITE_TAGS.title}</title>`);
});
