// Pages never jump (issue 25): on the five public pages, at both widths, the layout shifts the
// browser reports from first paint until the page's data and images have arrived add up to at
// most 0.02 (Lighthouse calls ≤ 0.1 good). A PerformanceObserver installed before the page's
// own scripts records every shift with the elements that moved; the page is read once its
// content is on screen and the network is idle, never after a fixed wait.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DESKTOP, PHONE, useBrowser } from "./browser";

const browser = useBrowser();
const MAX_CLS = 0.02;

type Shift = { value: number; moved: string[] };

async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map(({ node }) => {
          const element = node instanceof Element ? node : node?.parentElement;
          if (!element) return "?";
          const label = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 30) ?? "";
          return `<${element.tagName.toLowerCase()}> ${label}`;
        });
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);

/** The paths of a work page and its author's profile, from the gallery. */
async function discoverPaths(page: Page) {
  await page.goto("/projects");
  const work = page.getByRole("list", { name: "作品一覧" }).getByRole("link").first();
  const workPath = await work.getAttribute("href");
  await page.goto(workPath!);
  const profilePath = await page.locator('a[href^="/profile/"]').first().getAttribute("href");
  return { workPath: workPath!, profilePath: profilePath! };
}

describe("no layout shift after first paint", () => {
  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`home, gallery, work page, challenges and a profile (${label})`, { timeout: 180_000 }, async () => {
      const { workPath, profilePath } = await discoverPaths(await browser.newPage(viewport));
      const pages: [string, (page: Page) => Promise<void>][] = [
        ["/", (page) => page.getByRole("heading", { level: 1 }).first().waitFor()],
        ["/projects", (page) => page.getByRole("list", { name: "作品一覧" }).getByRole("link").first().waitFor()],
        [workPath, (page) => page.getByRole("heading", { level: 1 }).waitFor()],
        ["/challenges", (page) => page.getByRole("heading", { level: 1 }).waitFor()],
        [profilePath, (page) => page.getByRole("heading", { level: 1 }).waitFor()],
      ];
      const found: Record<string, { cls: number; shifts: Shift[] }> = {};
      for (const [path, ready] of pages) {
        const page = await browser.newPage(viewport);
        await recordShifts(page);
        await page.goto(path);
        await ready(page);
        await page.waitForLoadState("networkidle");
        const shifts = await shiftsOf(page);
        found[path] = { cls: shifts.reduce((sum, s) => sum + s.value, 0), shifts: shifts.filter((s) => s.value >= 0.001) };
      }
      for (const [path, { cls, shifts }] of Object.entries(found)) {
        expect(cls, `${path} (${label}) moved: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_CLS);
      }
    });
  }
});
