// Lighthouse benchmark: the performance, accessibility, best-practices and SEO scores
// and the paint metrics (LCP, TBT, CLS) of the five public pages, with Lighthouse's mobile preset
// (simulated throttling) and its desktop preset, on a production build served like a static host
// (HTTP/2 over TLS, brotli, SPA fallback) against the embedded backend seeded with the demo data,
// itself served over HTTPS as a hosted deployment is.
//
//   npm run bench:lighthouse [-- --runs 2] [--explain] [--only mobile] [--page /projects/{id}]
//                            [--save-reports folder] [--http1] [--gzip]
//
// Lighthouse 12 from npm drives Debian's Chromium over the DevTools protocol. With --runs N each
// page and preset is measured N times and the median performance run is printed. The machine is
// shared: TBT varies most. --explain also prints where the time goes: FCP, the LCP element and its
// phases, the heaviest scripts and the longest tasks. --only mobile|desktop measures one preset,
// --page one of the five pages, named as in the table. --save-reports writes each run's full
// Lighthouse report (JSON, with the network requests and the trace's timings) into a folder.
// --http1 serves the build and the backend over plain HTTP/1.1 instead, where a page's files queue
// on six connections per origin. --gzip compresses with gzip only, as GitHub Pages does, where
// Netlify, Vercel and Cloudflare Pages serve brotli (about a seventh smaller for our scripts).
//
// The TLS certificate is a throwaway one made with openssl for 127.0.0.1; Chromium is told to
// accept it.
// Prints figures; asserts nothing.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromiumPath } from "../tests/e2e/chromium";
import { buildForProduction, serveStatic } from "./production-build";
import { startStack } from "./stack";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    explain: { type: "boolean", default: false },
    only: { type: "string" },
    page: { type: "string" },
    "save-reports": { type: "string" },
    http1: { type: "boolean", default: false },
    gzip: { type: "boolean", default: false },
  },
});
const PAGE_LABELS = ["/", "/projects", "/projects/{id}", "/challenges", "/profile/{id}"];
const RUNS = Math.max(1, Number(values.runs));
if (values.only !== undefined && values.only !== "mobile" && values.only !== "desktop") {
  throw new Error(`--only takes mobile or desktop, not ${values.only}`);
}
if (values.page !== undefined && !PAGE_LABELS.includes(values.page)) {
  throw new Error(`--page takes one of ${PAGE_LABELS.join(" ")}, not ${values.page}`);
}
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** A self-signed certificate for 127.0.0.1, valid for a day, made with openssl in `dir`. */
function throwawayCertificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  try {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"].concat([
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        key,
        "-out",
        cert,
      ]),
      { stdio: "pipe" },
    );
  } catch (error) {
    throw new Error(`openssl could not make a certificate (apt-get install -y openssl, or pass --http1): ${(error as Error).message}`);
  }
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

/** Chromium with a DevTools port for Lighthouse (it needs no more than the port). */
async function startChromium(): Promise<{ port: number; process: ChildProcess; profile: string }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "vibe-lighthouse-chrome-"));
  const child = spawn(
    chromiumPath(),
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      // The bench's throwaway certificate (see throwawayCertificate).
      "--ignore-certificate-errors",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const lines = readline.createInterface({ input: child.stderr });
  const port = await new Promise<number>((resolve, reject) => {
    lines.on("line", (line) => {
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", () => reject(new Error("Chromium exited before it listened")));
  });
  return { port, process: child, profile };
}

type Measured = {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The accessibility, best-practices and SEO audits that did not pass, for the notes below. */
  failed: string[];
  /** With --explain: where the time goes (see explain). */
  explanation: string[];
};

type DetailsTable = { type?: string; items?: Record<string, unknown>[] };

/** A URL of an audit's table without its origin (the ports change from run to run). */
const withoutOrigin = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, "");

/** FCP, the LCP element with its phases, and the three scripts and tasks costing the main thread most. */
function explain(audits: Record<string, { details?: unknown; numericValue?: number } | undefined>): string[] {
  const lines: string[] = [`FCP: ${Math.round(audits["first-contentful-paint"]?.numericValue ?? NaN)} ms`];
  const lcpParts = (audits["largest-contentful-paint-element"]?.details as { items?: DetailsTable[] })?.items ?? [];
  for (const part of lcpParts) {
    for (const item of part.items ?? []) {
      const node = item.node as { snippet?: string } | undefined;
      if (node?.snippet) lines.push(`LCP element: ${node.snippet.slice(0, 160)}`);
      if (typeof item.phase === "string") lines.push(`  ${item.phase}: ${Math.round(Number(item.timing))} ms`);
    }
  }
  const bootup = ((audits["bootup-time"]?.details as DetailsTable)?.items ?? []).slice(0, 3);
  for (const item of bootup) {
    lines.push(
      `script ${withoutOrigin(item.url)}: ${Math.round(Number(item.total))} ms (${Math.round(Number(item.scripting))} ms running)`,
    );
  }
  const longTasks = ((audits["long-tasks"]?.details as DetailsTable)?.items ?? []).slice(0, 3);
  for (const item of longTasks) {
    lines.push(
      `long task at ${Math.round(Number(item.startTime))} ms: ${Math.round(Number(item.duration))} ms, ${withoutOrigin(item.url)}`,
    );
  }
  return lines;
}

async function measure(url: string, port: number, preset: "mobile" | "desktop", reportName: string): Promise<Measured> {
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, locale: "ja" },
    preset === "desktop" ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (values["save-reports"] !== undefined) {
    fs.mkdirSync(values["save-reports"], { recursive: true });
    fs.writeFileSync(path.join(values["save-reports"], `${reportName}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    lcp: audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbt: audits["total-blocking-time"]?.numericValue ?? NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    failed: CATEGORIES.filter((id) => id !== "performance").flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${ref.id}`),
    ),
    explanation: values.explain ? explain(audits) : [],
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vibe-lighthouse-"));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "vibe-lighthouse-dist-"));
  const certDir = fs.mkdtempSync(path.join(os.tmpdir(), "vibe-lighthouse-cert-"));
  const tls = values.http1 ? undefined : throwawayCertificate(certDir);
  const stack = await startStack({
    dataDir,
    backendPort: 0,
    sitePort: 0,
    appPort: 0,
    googlePort: 0,
    watch: false,
    quiet: true,
    ...(tls ? { tls } : {}),
  });
  let site: Awaited<ReturnType<typeof serveStatic>> | undefined;
  let chrome: Awaited<ReturnType<typeof startChromium>> | undefined;
  try {
    await buildForProduction(outDir);
    site = await serveStatic(outDir, tls, values.gzip ? ["gzip"] : ["br", "gzip"]);
    stack.backend.setEnv("SITE_URL", site.url);
    const newest = (await stack.backend.run("projects:list", { paginationOpts: { numItems: 1, cursor: null }, sort: "newest" })) as {
      page: { _id: string; author: { handle: string | null; _id: string | null } }[];
    };
    const work = newest.page[0];
    const pages = ["/", "/projects", `/projects/${work._id}`, "/challenges", `/profile/${work.author.handle ?? work.author._id}`];
    chrome = await startChromium();
    console.log(
      `Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ""}on a production build served over ${tls ? "HTTP/2 with TLS" : "HTTP/1.1"} with ${values.gzip ? "gzip" : "brotli"}, ${os.cpus().length} cores\n`,
    );
    console.log(
      "| page | preset | performance | LCP | TBT | CLS | accessibility | best practices | SEO |\n|---|---|---|---|---|---|---|---|---|",
    );
    const notes = new Set<string>();
    const presets = (["mobile", "desktop"] as const).filter((preset) => !values.only || values.only === preset);
    for (const preset of presets) {
      for (const page of pages) {
        const label = page.replace(work._id, "{id}").replace(/\/profile\/.+/, "/profile/{id}");
        if (values.page !== undefined && values.page !== label) continue;
        const runs: Measured[] = [];
        for (let i = 0; i < RUNS; i++) {
          const reportName = `${label.replace(/[^a-z]+/g, "-").replace(/^-|-$/g, "") || "home"}-${preset}-${i + 1}`;
          runs.push(await measure(`${site.url}${page}`, chrome.port, preset, reportName));
        }
        const m = runs.sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
        for (const audit of m.failed) notes.add(`${label} (${preset}) ${audit}`);
        for (const line of m.explanation) console.log(`    ${line}`);
        console.log(
          `| ${label} | ${preset} | ${m.performance} | ${(m.lcp / 1000).toFixed(1)} s | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} |`,
        );
      }
    }
    if (notes.size > 0) console.log(`\nAudits that did not pass:\n${[...notes].map((n) => `- ${n}`).join("\n")}`);
  } finally {
    if (chrome) {
      const exited = new Promise((resolve) => chrome?.process.once("exit", resolve));
      chrome.process.kill();
      await exited;
      // Chromium's helper processes may still write there for a moment; a leftover temporary
      // folder must not turn the printed figures into a failure.
      try {
        fs.rmSync(chrome.profile, { recursive: true, force: true, maxRetries: 10 });
      } catch (error) {
        console.warn(`could not remove ${chrome.profile}: ${(error as Error).message}`);
      }
    }
    await site?.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(certDir, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
