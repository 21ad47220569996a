// Playwright (playwright-core) driving Debian's Chromium; no browser download.
import fs from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

export function chromiumPath(): string {
  const found = CHROMIUM_CANDIDATES.find((p): p is string => !!p && fs.existsSync(p));
  if (!found) throw new Error("Chromium not found: run `apt-get install -y chromium` (or set CHROMIUM_PATH).");
  return found;
}

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

/** One browser per spec file; each test opens its own contexts (separate users). */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    appUrl: () => inject("appUrl"),
    async newPage(viewport = DESKTOP): Promise<Page> {
      if (!browser) throw new Error("browser not started");
      const context = await browser.newContext({ viewport, baseURL: inject("appUrl"), locale: "ja-JP" });
      contexts.push(context);
      const page = await context.newPage();
      page.on("pageerror", (err) => console.error("[page error]", err.message));
      return page;
    },
  };
}
