// Steps shared by the journeys and the benchmarks that need a demo work or the bell (no vitest
// import, so the benchmarks can use them too).
import type { Page } from "playwright-core";

/** Finds a work through the gallery search, opens its page, and returns the page's path. */
export async function openWork(page: Page, title: string) {
  await page.goto(`/projects?search=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: title }).first().click();
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  return new URL(page.url()).pathname;
}

/** Waits until the bell's label means something: its unread count has arrived. */
export async function bellReady(page: Page) {
  await page.locator('header button[aria-label^="通知"]:not([aria-busy])').waitFor();
}
