// Notification benchmark: how long from B's like to A's bell showing it.
//
//   npm run bench:notifications [-- likes]        default 50 likes
//
// Runs the whole offline stack (embedded backend, Google stand-in, Vite) on free ports with a
// fresh data folder, and two kinds of real browser pages: A, a demo creator signed in with the
// bell in her header, and B, a new user per two likes (a like of the same work twice within a
// day does not notify again, so each like is a new person or a new work). Each like is clicked
// in B's page; the time runs from that click to the moment A's bell label changes, both read
// from the same clock. A marks everything read between likes. Nothing is asserted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../tests/e2e/chromium";
import { completeProfileSetup, signInThroughStandIn } from "../tests/e2e/stand-in-sign-in";
import { bellReady, openWork } from "../tests/e2e/work-pages";
import { startStack } from "./stack";

const LIKES = Number(process.argv[2] ?? 50);
const AUTHOR = { name: "高橋みお", email: "mio@demo.vibe-gallery.example" };
const WORKS = ["星空タイピング", "AI絵本スタジオ"];

declare global {
  interface Window {
    bellChanges: { label: string; at: number }[];
    likeClickedAt: number;
  }
}

const bellButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^通知/ });

/**
 * Records every change of the bell's label in A's page, with the epoch time it happened. A
 * string, because tsx would wrap the named inner function in a helper the page does not have.
 */
const WATCH_BELL = `(() => {
  window.bellChanges = [];
  let last = null;
  const record = () => {
    const label = document.querySelector('header button[aria-label^="通知"]')?.getAttribute("aria-label") ?? null;
    if (label !== null && label !== last) {
      last = label;
      window.bellChanges.push({ label, at: performance.timeOrigin + performance.now() });
    }
  };
  record();
  new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-label"] });
})()`;

async function markAllRead(a: Page) {
  await bellButton(a).click();
  const markAll = a.getByRole("menuitem", { name: "すべて既読にする" });
  await markAll.click();
  await a.getByRole("banner").getByRole("button", { name: "通知", exact: true }).waitFor();
  await a.keyboard.press("Escape");
}

/** Opens the work with B not having liked it yet. */
async function openUnlikedWork(page: Page, title: string) {
  await openWork(page, title);
  await page.getByRole("button", { name: /^いいね/, pressed: false }).waitFor();
}

/** Clicks like in B's page; returns milliseconds until A's bell showed one unread. */
async function timeOneLike(a: Page, b: Page): Promise<number> {
  const seen = await a.evaluate(() => window.bellChanges.length);
  await b.evaluate(() => {
    window.likeClickedAt = performance.timeOrigin + performance.now();
    (document.querySelector('button[aria-label^="いいね"]') as HTMLButtonElement).click();
  });
  const handle = await a.waitForFunction((from) => window.bellChanges.slice(from).find((c) => c.label === "通知：未読 1 件")?.at, seen, {
    timeout: 0,
    polling: 5,
  });
  const shownAt = (await handle.jsonValue()) as number;
  const clickedAt = await b.evaluate(() => window.likeClickedAt);
  return shownAt - clickedAt;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vibe-bench-notifications-"));
  const stack = await startStack({ dataDir, backendPort: 0, sitePort: 0, appPort: 0, googlePort: 0, watch: false, quiet: true });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const origin = new URL(stack.appUrl).origin;
    const newPage = async () => (await browser!.newContext({ baseURL: stack.appUrl, locale: "ja-JP" })).newPage();

    const a = await newPage();
    await a.goto("/projects");
    await signInThroughStandIn(a, AUTHOR, origin);
    await a.evaluate(WATCH_BELL);
    await bellReady(a);
    if ((await bellButton(a).getAttribute("aria-label")) !== "通知") await markAllRead(a);

    const times: number[] = [];
    for (let person = 0; times.length < LIKES; person++) {
      const b = await newPage();
      await b.goto("/");
      await signInThroughStandIn(
        b,
        { name: `ベンチ ${person + 1}`, email: `bench-${Date.now().toString(36)}-${person}@example.com` },
        origin,
      );
      await completeProfileSetup(b, `bench_${Date.now().toString(36)}${person}`);
      for (const work of WORKS) {
        if (times.length >= LIKES) break;
        await openUnlikedWork(b, work);
        times.push(await timeOneLike(a, b));
        await markAllRead(a);
      }
      await b.context().close();
      process.stdout.write(`\r${times.length}/${LIKES} likes`);
    }
    const sorted = [...times].sort((x, y) => x - y);
    const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
    console.log(`\n\nB's like click → A's bell updated, ${times.length} likes (ms)`);
    console.log(
      `p50 ${percentile(sorted, 50).toFixed(0)}   p95 ${percentile(sorted, 95).toFixed(0)}   mean ${mean.toFixed(0)}   min ${sorted[0].toFixed(0)}   max ${sorted.at(-1)!.toFixed(0)}`,
    );
  } finally {
    await browser?.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
