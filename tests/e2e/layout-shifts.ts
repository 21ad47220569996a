// Layout shifts as the browser reports them, for the specs that check that pages never
// jump: a PerformanceObserver installed before the page's own scripts records every shift with
// the elements that moved.
import type { Page } from "playwright-core";

/** The most a page's shifts may add up to (Lighthouse calls ≤ 0.1 good). */
export const MAX_CLS = 0.02;

export type Shift = { value: number; moved: string[] };

export async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
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

/** The page's cumulative shift so far, with the shifts worth reading in a failure message. */
export async function layoutShiftOf(page: Page): Promise<{ cls: number; shifts: Shift[] }> {
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  return { cls: shifts.reduce((sum, s) => sum + s.value, 0), shifts: shifts.filter((s) => s.value >= 0.001) };
}

/** The paths of a work page and its author's profile, from the gallery. */
export async function discoverPaths(page: Page) {
  await page.goto("/projects");
  const work = page.getByRole("list", { name: "作品一覧" }).getByRole("link").first();
  const workPath = await work.getAttribute("href");
  await page.goto(workPath!);
  const profilePath = await page.locator('a[href^="/profile/"]').first().getAttribute("href");
  return { workPath: workPath!, profilePath: profilePath! };
}

/** The five public pages measured for layout shift and Lighthouse, each with what shows that its content is on screen. */
export function publicPages(workPath: string, profilePath: string): [string, (page: Page) => Promise<void>][] {
  return [
    ["/", (page) => page.getByRole("heading", { level: 1 }).first().waitFor()],
    ["/projects", (page) => page.getByRole("list", { name: "作品一覧" }).getByRole("link").first().waitFor()],
    [workPath, (page) => page.getByRole("heading", { level: 1 }).waitFor()],
    ["/challenges", (page) => page.getByRole("heading", { level: 1 }).waitFor()],
    [profilePath, (page) => page.getByRole("heading", { level: 1 }).waitFor()],
  ];
}
