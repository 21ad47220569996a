// Bundle benchmark: the gzipped JavaScript a signed-out visitor's browser fetches to
// open / and /projects, and the gzipped size of every chunk of the production build.
//
//   npm run bench:bundle
//
// It starts the offline stack (embedded backend seeded with the demo data, on free ports and a
// fresh data folder), builds the app for production against that backend into a temporary
// folder, serves the build with a small static server, and opens each route in Chromium as a
// new visitor. A route's figure is every JS file the browser fetched (entry, modulepreloads, the
// route's chunks and anything loaded on its own) until the route's content is visible and the
// network has been idle, each gzipped at level 9 as a static host would serve it (and, for
// comparison, with brotli at quality 11, as most hosts serve it to browsers that take it).
// Sizes are in kB of 1,024 bytes. Each route is marked ok or OVER against the budget; nothing is
// asserted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../tests/e2e/chromium";
import { buildForProduction, COMPRESSORS, serveStatic } from "./production-build";
import { startStack } from "./stack";

/** At most this many kB of gzipped JS before a signed-out visitor's page is usable (README "Measured figures"). */
const BUDGET_KB = 130;

const ROUTES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: "/",
    ready: (page) => page.getByRole("heading", { level: 1, name: /コードを書かずに/ }).waitFor(),
  },
  {
    path: "/projects",
    ready: async (page) => {
      await page.getByRole("heading", { level: 1, name: "作品を探す" }).waitFor();
      await page.getByRole("list", { name: "作品一覧" }).waitFor();
    },
  },
];

const gzipSize = (bytes: Buffer) => COMPRESSORS.gzip(bytes).length;
// What Netlify, Vercel and Cloudflare Pages send a browser that takes brotli (the budget is gzip's).
const brotliSize = (bytes: Buffer) => COMPRESSORS.br(bytes).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);

/** The JS files (paths under dist/) a new visitor's browser fetches to open `route`. */
async function jsFetched(browser: Browser, appUrl: string, route: (typeof ROUTES)[number]): Promise<string[]> {
  const context = await browser.newContext({ baseURL: appUrl, locale: "ja-JP", viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const files = new Set<string>();
    page.on("requestfinished", (request) => {
      const url = new URL(request.url());
      if (url.origin === appUrl && url.pathname.endsWith(".js")) files.add(url.pathname);
    });
    page.on("pageerror", (err) => console.error(`[page error] ${route.path}: ${err.message}`));
    page.on("console", (m) => m.type() === "error" && console.error(`[console] ${route.path}: ${m.text()}`));
    await page.goto(route.path);
    await route.ready(page);
    // Whatever the page goes on to load by itself (idle prefetches, late chunks) counts too.
    await page.waitForLoadState("networkidle");
    return [...files];
  } finally {
    await context.close();
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vibe-bench-bundle-"));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "vibe-bench-bundle-dist-"));
  const stack = await startStack({ dataDir, backendPort: 0, sitePort: 0, appPort: 0, googlePort: 0, watch: false, quiet: true });
  let browser: Browser | undefined;
  let site: Awaited<ReturnType<typeof serveStatic>> | undefined;
  try {
    // startStack has set VITE_CONVEX_URL to its backend; the build reads it like `npm run build`.
    // Its dev server has set NODE_ENV to development, which would make Vite build React's.
    await buildForProduction(outDir);
    const assets = path.join(outDir, "assets");
    const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
    for (const name of fs.readdirSync(assets).filter((f) => f.endsWith(".js"))) {
      const bytes = fs.readFileSync(path.join(assets, name));
      sizes.set(`/assets/${name}`, { raw: bytes.length, gzip: gzipSize(bytes), brotli: brotliSize(bytes) });
    }

    // The sizes above are what counts; the server need not compress the files a second time.
    site = await serveStatic(outDir, undefined, []);
    // The backend serves pages of SITE_URL's origin (the dev server's until now).
    stack.backend.setEnv("SITE_URL", site.url);
    browser = await launchChromium();
    for (const route of ROUTES) {
      const files = (await jsFetched(browser, site.url, route)).sort((a, b) => (sizes.get(b)?.gzip ?? 0) - (sizes.get(a)?.gzip ?? 0));
      const total = files.reduce((sum, f) => sum + (sizes.get(f)?.gzip ?? 0), 0);
      const brotli = files.reduce((sum, f) => sum + (sizes.get(f)?.brotli ?? 0), 0);
      const ok = total <= BUDGET_KB * 1024;
      console.log(
        `\n${route.path}  signed out: ${kb(total).trim()} kB gzipped JS in ${files.length} files ` +
          `(${total.toLocaleString("en")} bytes; budget ${BUDGET_KB} kB: ${ok ? "ok" : "OVER"}; ${kb(brotli).trim()} kB with brotli)`,
      );
      for (const f of files) console.log(`  ${kb(sizes.get(f)?.gzip ?? 0)} kB  ${f.replace("/assets/", "")}`);
    }

    const all = [...sizes].sort((a, b) => b[1].gzip - a[1].gzip);
    const totalGzip = all.reduce((sum, [, s]) => sum + s.gzip, 0);
    console.log(`\nbuild: ${all.length} JS chunks, ${kb(totalGzip).trim()} kB gzipped in all (kB raw → gzipped)`);
    for (const [name, s] of all) console.log(`  ${kb(s.raw)} → ${kb(s.gzip)} kB  ${name.replace("/assets/", "")}`);
  } finally {
    await browser?.close();
    await site?.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
