// One Chromium per spec file, with a fresh context (a separate user) per page.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { launchChromium } from "./chromium";

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

/** One browser per spec file; each test opens its own contexts (separate users). */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    appUrl: () => inject("appUrl"),
    /** A page in a new context, on the dev server unless `baseURL` names another app. */
    async newPage(viewport = DESKTOP, baseURL = inject("appUrl")): Promise<Page> {
      if (!browser) throw new Error("browser not started");
      const context = await browser.newContext({ viewport, baseURL, locale: "ja-JP" });
      contexts.push(context);
      const page = await context.newPage();
      page.on("pageerror", (err) => console.error("[page error]", err.message));
      return page;
    },
  };
}
