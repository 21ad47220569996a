// Playwright (playwright-core) driving Debian's Chromium; no browser download. Shared by the
// e2e journeys and the benchmarks, so it must not import vitest.
import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";

const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

export function chromiumPath(): string {
  const found = CHROMIUM_CANDIDATES.find((p): p is string => !!p && fs.existsSync(p));
  if (!found) throw new Error("Chromium not found: run `apt-get install -y chromium` (or set CHROMIUM_PATH).");
  return found;
}

export async function launchChromium(): Promise<Browser> {
  return await chromium.launch({
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
}
