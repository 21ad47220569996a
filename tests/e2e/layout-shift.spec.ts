// Pages never jump: on the five public pages, at both widths, the layout shifts the
// browser reports from first paint until the page's data and images have arrived add up to at
// most MAX_CLS. The page is read once its content is on screen and the network is idle, never
// after a fixed wait. This runs on the dev server; prerender.spec.ts does the same on the
// production build, whose first paint is the prerendered HTML.
import { describe, expect, test } from "vitest";
import { DESKTOP, PHONE, useBrowser } from "./browser";
import { discoverPaths, layoutShiftOf, MAX_CLS, publicPages, recordShifts, type Shift } from "./layout-shifts";

const browser = useBrowser();

describe("no layout shift after first paint", () => {
  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`home, gallery, work page, challenges and a profile (${label})`, { timeout: 180_000 }, async () => {
      const { workPath, profilePath } = await discoverPaths(await browser.newPage(viewport));
      const found: Record<string, { cls: number; shifts: Shift[] }> = {};
      for (const [path, ready] of publicPages(workPath, profilePath)) {
        const page = await browser.newPage(viewport);
        await recordShifts(page);
        await page.goto(path);
        await ready(page);
        await page.waitForLoadState("networkidle");
        found[path] = await layoutShiftOf(page);
      }
      for (const [path, { cls, shifts }] of Object.entries(found)) {
        expect(cls, `${path} (${label}) moved: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_CLS);
      }
    });
  }
});
