// What the user feels: how long another person's like or comment takes to
// show on an open work page, and how much work one view causes with many gallery pages open.
//
//   npm run bench:feel [-- trials]        default 50 likes and 50 comments
//
// Runs the whole offline stack (embedded backend, Google stand-in, Vite) on free ports with a
// fresh data folder, and real Chromium pages, as scripts/bench-notifications.ts does:
//
// 1. Like: A (a visitor) has a work page open; B (signed in) clicks いいね on the same work. Each
//    click is a trial (like and unlike both change the count), timed from B's click to the
//    moment A's like count changes, both read from the same clock.
// 2. Comment: B posts a comment; timed from B's click on コメントする to the text showing in A's
//    comment list. Comments are rate limited (5 in a burst per user), so each B posts 5 likes and
//    5 comments, and there is a new B per 5 trials.
// 3. Re-runs: 50 gallery pages (/projects) are open; one view of a work is recorded (the
//    mutation a work page sends), and until every page has its update we count the query functions the
//    backend executes (by wrapping the engine's function runner in this process; identical
//    subscriptions share one run through its query cache) and the query results the 50 pages
//    receive over their websockets (Transition messages' QueryUpdated entries).
// Nothing is asserted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import type { Browser, Page } from "playwright-core";
import { api } from "../convex/_generated/api";
import type { Id } from "../convex/_generated/dataModel";
import { Engine } from "../local-backend/src/engine/engine";
import { launchChromium } from "../tests/e2e/chromium";
import { completeProfileSetup, signInThroughStandIn } from "../tests/e2e/stand-in-sign-in";
import { startStack } from "./stack";
import { openWork } from "../tests/e2e/work-pages";

const TRIALS = Number(process.argv[2] ?? 50);
const PER_USER = 5;
const GALLERY_PAGES = 50;
const WORK = "星空タイピング";

declare global {
  interface Window {
    changes: { text: string; at: number }[];
    clickedAt: number;
  }
}

/**
 * Records, in A's page, every change of the like button's label and of the comment list's text,
 * with the epoch time it happened. A string, because tsx would wrap named inner functions in a
 * helper the page does not have.
 */
const WATCH = `(() => {
  window.changes = [];
  let lastLike = null;
  let lastComments = null;
  const record = () => {
    const like = document.querySelector('button[aria-label^="いいね "]')?.getAttribute("aria-label") ?? null;
    const comments = document.querySelector('ol[aria-label="コメント一覧"]')?.textContent ?? "";
    const at = performance.timeOrigin + performance.now();
    if (like !== null && like !== lastLike) {
      lastLike = like;
      window.changes.push({ text: "like:" + like, at });
    }
    if (comments !== lastComments) {
      lastComments = comments;
      window.changes.push({ text: "comments:" + comments, at });
    }
  };
  record();
  new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["aria-label"] });
})()`;

const likeLabel = (page: Page) => page.locator('button[aria-label^="いいね "]').getAttribute("aria-label");

async function openTheWork(page: Page) {
  await openWork(page, WORK);
  await page.locator('button[aria-label^="いいね "]').waitFor();
}

/** Clicks いいね in B's page; milliseconds until A's count changed. */
async function timeOneLike(a: Page, b: Page): Promise<number> {
  const before = await likeLabel(a);
  const seen = await a.evaluate(() => window.changes.length);
  await b.evaluate(() => {
    window.clickedAt = performance.timeOrigin + performance.now();
    (document.querySelector('button[aria-label^="いいね "]') as HTMLButtonElement).click();
  });
  const handle = await a.waitForFunction(
    ([from, old]) => window.changes.slice(from).find((c) => c.text.startsWith("like:") && c.text !== `like:${old}`)?.at,
    [seen, before] as const,
    { timeout: 30_000, polling: 5 },
  );
  const shownAt = (await handle.jsonValue()) as number;
  const clickedAt = await b.evaluate(() => window.clickedAt);
  // B's page settles on the server's count before the next click.
  const after = await likeLabel(a);
  await b.waitForFunction((label) => document.querySelector('button[aria-label^="いいね "]')?.getAttribute("aria-label") === label, after);
  return shownAt - clickedAt;
}

/** Posts a comment from B's page; milliseconds until A's comment list showed it. */
async function timeOneComment(a: Page, b: Page, text: string): Promise<number> {
  const box = b.getByRole("textbox", { name: "コメント" });
  await box.fill(text);
  const seen = await a.evaluate(() => window.changes.length);
  await b.evaluate(() => {
    window.clickedAt = performance.timeOrigin + performance.now();
    const button = Array.from(document.querySelectorAll<HTMLButtonElement>("button")).find(
      (el) => el.textContent?.trim() === "コメントする",
    );
    button!.click();
  });
  const handle = await a.waitForFunction(
    ([from, marker]) => window.changes.slice(from).find((c) => c.text.startsWith("comments:") && c.text.includes(marker))?.at,
    [seen, text] as const,
    { timeout: 30_000, polling: 5 },
  );
  const shownAt = (await handle.jsonValue()) as number;
  const clickedAt = await b.evaluate(() => window.clickedAt);
  // The form empties once the server took it.
  await b.waitForFunction(() => document.querySelector("textarea")?.value === "");
  return shownAt - clickedAt;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(label: string, times: number[]) {
  const sorted = [...times].sort((x, y) => x - y);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  console.log(`\n${label}, ${times.length} trials (ms)`);
  console.log(
    `p50 ${percentile(sorted, 50).toFixed(0)}   p95 ${percentile(sorted, 95).toFixed(0)}   mean ${mean.toFixed(0)}   min ${sorted[0].toFixed(0)}   max ${sorted.at(-1)!.toFixed(0)}`,
  );
}

/** Counts the query functions the embedded backend executes, by name, while `counting` is on. */
function countQueryRuns() {
  const counts = new Map<string, number>();
  let counting = false;
  type Run = (this: Engine, ...args: Parameters<Engine["run"]>) => ReturnType<Engine["run"]>;
  const proto = Engine.prototype as unknown as { run: Run };
  const original = proto.run;
  proto.run = function (this: Engine, ...args) {
    const [kind, udfPath, , opts] = args;
    if (counting && kind === "query") {
      const name = opts?.componentPath ? `${opts.componentPath}/${udfPath}` : udfPath;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return original.apply(this, args);
  };
  return {
    start() {
      counts.clear();
      counting = true;
    },
    stop() {
      counting = false;
      return new Map(counts);
    },
  };
}

async function main() {
  const queryRuns = countQueryRuns();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vibe-bench-feel-"));
  const stack = await startStack({ dataDir, backendPort: 0, sitePort: 0, appPort: 0, googlePort: 0, watch: false, quiet: true });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const origin = new URL(stack.appUrl).origin;
    const newPage = async () => (await browser!.newContext({ baseURL: stack.appUrl, locale: "ja-JP" })).newPage();

    // 1 and 2: A watches the work page; a new B per five likes and five comments.
    const a = await newPage();
    await openTheWork(a);
    const workId = new URL(a.url()).pathname.split("/").at(-1)! as Id<"projects">;
    await a.evaluate(WATCH);
    const likes: number[] = [];
    const comments: number[] = [];
    const run = Date.now().toString(36);
    for (let person = 0; likes.length < TRIALS || comments.length < TRIALS; person++) {
      const b = await newPage();
      await b.goto("/");
      await signInThroughStandIn(b, { name: `ベンチ ${person + 1}`, email: `feel-${run}-${person}@example.com` }, origin);
      await completeProfileSetup(b, `feel_${run}${person}`);
      await openTheWork(b);
      for (let n = 0; n < PER_USER && likes.length < TRIALS; n++) likes.push(await timeOneLike(a, b));
      for (let n = 0; n < PER_USER && comments.length < TRIALS; n++) {
        comments.push(await timeOneComment(a, b, `ベンチのコメント ${run}-${person}-${n}`));
      }
      await b.context().close();
      process.stdout.write(`\r${likes.length}/${TRIALS} likes, ${comments.length}/${TRIALS} comments`);
    }
    await a.context().close();
    summary("B's like click → A's count changed", likes);
    summary("B's comment click → A's page shows it", comments);

    // 3: 50 open gallery pages, one view.
    const context = await browser.newContext({ baseURL: stack.appUrl, locale: "ja-JP" });
    const updates = { transitions: 0, queryUpdates: 0, pagesUpdated: new Set<number>() };
    let listening = false;
    for (let n = 0; n < GALLERY_PAGES; n++) {
      const page = await context.newPage();
      page.on("websocket", (socket) =>
        socket.on("framereceived", ({ payload }) => {
          if (!listening || typeof payload !== "string" || !payload.includes('"Transition"')) return;
          const message = JSON.parse(payload) as { type: string; modifications?: { type: string }[] };
          if (message.type !== "Transition") return;
          const changed = (message.modifications ?? []).filter((m) => m.type === "QueryUpdated").length;
          updates.transitions++;
          updates.queryUpdates += changed;
          if (changed > 0) updates.pagesUpdated.add(n);
        }),
      );
      await page.goto("/projects");
      await page.getByRole("list", { name: "作品一覧" }).waitFor({ timeout: 60_000 });
      process.stdout.write(`\r${n + 1}/${GALLERY_PAGES} gallery pages open   `);
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    listening = true;
    queryRuns.start();
    const viewedAt = Date.now();
    await new ConvexHttpClient(stack.backend.url).mutation(api.views.record, {
      projectId: workId,
      sessionId: `bench-feel-${run}-viewer`,
    });
    // Until every page has its update (at most 10 s), then a second more for any further run.
    while (updates.pagesUpdated.size < GALLERY_PAGES && Date.now() - viewedAt < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const allUpdatedMs = Date.now() - viewedAt;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const runs = queryRuns.stop();
    listening = false;
    await context.close();
    const totalRuns = [...runs.values()].reduce((sum, n) => sum + n, 0);
    console.log(`\n\nOne view with ${GALLERY_PAGES} gallery pages open (until all pages updated, then 1 s)`);
    console.log(`query functions executed by the backend: ${totalRuns}`);
    for (const [name, n] of [...runs].sort((x, y) => y[1] - x[1])) console.log(`  ${name}: ${n}`);
    console.log(
      `websocket Transitions received by the pages: ${updates.transitions}, carrying ${updates.queryUpdates} updated query results, on ${updates.pagesUpdated.size} of ${GALLERY_PAGES} pages, ` +
        `the last ${allUpdatedMs} ms after the view was sent`,
    );
  } finally {
    await browser?.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
