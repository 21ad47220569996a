// Tag and AI-tool pages as people meet them: a tag chip on a work page opens the tag's page with
// the work on it (and the folded spelling finds the same page) and its Atom feed listing it, a
// tool chip opens the tool's page, 急上昇 sorts its works, a chip on a card goes to its tool, and
// /tools lists every tool with its number of works. Both widths, axe clean.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { expectNoSeriousA11yViolations } from "./axe";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { openWork } from "./work-pages";

const browser = useBrowser();

/** A zero-code demo work with the tag 家計簿 and the tools Claude and v0 (convex/model/demoData.ts). */
const WORK = "ふんわり家計簿";

const worksList = (page: Page) => page.getByRole("list", { name: "作品一覧" });

describe("tag and tool pages", () => {
  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`click a tag chip and a tool chip on a work page (${label})`, { timeout: 180_000 }, async () => {
      const page = await browser.newPage(viewport);
      const workPath = await openWork(page, WORK);

      // The tag chip: the tag's page lists the work, with its count.
      const tech = page.getByRole("region", { name: "技術情報" });
      await tech.getByRole("list", { name: "タグ" }).getByRole("link", { name: "#家計簿" }).click();
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === "/tags/家計簿");
      await page.getByRole("heading", { level: 1, name: "#家計簿" }).waitFor();
      await worksList(page).getByRole("link", { name: WORK }).waitFor();
      await page.getByText(/^\d+件の作品$/).waitFor();
      await expectNoSeriousA11yViolations(page, `tag page (${label})`);

      // The tag's Atom feed, linked from the page and its <head>, lists the work.
      const feedHref = await page.getByRole("link", { name: "フィード" }).getAttribute("href");
      expect(await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute("href")).toBe(feedHref);
      const feed = await page.request.get(feedHref!);
      expect(feed.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
      expect(await feed.text()).toContain(`<title>${WORK}</title>`);

      // 人気順 and ゼロコードのみ stay in the URL; the work (zero-code) stays, and only zero-code works show.
      await page.getByRole("button", { name: "人気順" }).click();
      await page.waitForURL((url) => url.searchParams.get("sort") === "popular");
      await worksList(page).getByRole("link", { name: WORK }).waitFor();
      await page.getByRole("button", { name: "ゼロコードのみ" }).click();
      await page.waitForURL((url) => url.searchParams.get("zeroCode") === "1");
      await expect
        .poll(async () => {
          const cards = await worksList(page)
            .getByRole("listitem")
            .filter({ has: page.getByRole("heading") })
            .allInnerTexts();
          return cards.length > 0 && cards.every((text) => text.includes("ゼロコード")) && cards.some((text) => text.includes(WORK));
        })
        .toBe(true);

      // The tool chip on the work page: the tool's page lists the work.
      await page.goto(workPath);
      await tech.getByRole("list", { name: "使用したAIツール" }).getByRole("link", { name: "Claude", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/tools/Claude");
      await page.getByRole("heading", { level: 1, name: "Claude" }).waitFor();
      await worksList(page).getByRole("link", { name: WORK }).waitFor();
      await expectNoSeriousA11yViolations(page, `tool page (${label})`);

      // 急上昇 lists the tool's works by recent engagement; works without any still follow.
      await page.getByRole("button", { name: "急上昇" }).click();
      await page.waitForURL((url) => url.searchParams.get("sort") === "trending");
      await page.getByRole("button", { name: "急上昇", pressed: true }).waitFor();
      await worksList(page).getByRole("link", { name: WORK }).waitFor();

      // A chip on a card goes to that tool, not to the work.
      const card = worksList(page)
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: WORK }) });
      await card.getByRole("link", { name: "v0", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/tools/v0");
      await page.getByRole("heading", { level: 1, name: "v0" }).waitFor();
    });
  }

  test("a folded spelling opens the same tag; /tools lists tools with counts, most used first", { timeout: 120_000 }, async () => {
    const page = await browser.newPage(PHONE);
    // Katakana and hiragana, full and half width are one tag: ｹﾞｰﾑ is ゲーム.
    await page.goto(`/tags/${encodeURIComponent("ｹﾞｰﾑ")}`);
    await page.getByRole("heading", { level: 1, name: "#ゲーム" }).waitFor();
    await worksList(page).getByRole("link").first().waitFor();

    for (const viewport of [PHONE, DESKTOP]) {
      const tools = await browser.newPage(viewport);
      await tools.goto("/tools");
      await tools.getByRole("heading", { level: 1, name: "AIツールから探す" }).waitFor();
      const list = tools.getByRole("list", { name: "AIツール一覧" });
      await list.getByRole("link").first().waitFor();
      const rows = await list.getByRole("link").allInnerTexts();
      const counts = rows.map((text) => Number(/(\d[\d,]*)件/.exec(text)?.[1]?.replace(/,/g, "")));
      expect(rows.length).toBeGreaterThan(3);
      expect(counts.every((n) => n > 0)).toBe(true);
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
      expect(rows.some((text) => text.includes("Claude"))).toBe(true);
      await expectNoSeriousA11yViolations(tools, `/tools (${viewport.width}px)`);
      await list.getByRole("link", { name: /Claude/ }).click();
      await tools.waitForURL((url) => url.pathname === "/tools/Claude");
      await tools.getByRole("heading", { level: 1, name: "Claude" }).waitFor();
    }
  });
});
