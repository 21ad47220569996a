// Memory kept per hot reload: starts the backend on a copy of a convex/ folder, then edits one
// function module and reloads, again and again, as a developer saving a file does.
//
//   node --expose-gc --import tsx local-backend/bench/reload-memory.ts [--convex convex] [--reloads 30] [--codegen]
//
// The copy sits in a temporary folder with a link to the repo's node_modules, so the original
// folder is never touched. Prints RSS and heap after a full GC, before and after the reloads, and
// the growth per reload; asserts nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startLocalBackend } from "../src/index.js";

const { values } = parseArgs({
  options: {
    convex: { type: "string", default: "convex" },
    reloads: { type: "string", default: "30" },
    warmup: { type: "string", default: "3" },
    module: { type: "string" },
    codegen: { type: "boolean", default: false },
  },
});
const RELOADS = Number(values.reloads);
const WARMUP = Number(values.warmup);
const source = path.resolve(values.convex);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");

function findRepoRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, "node_modules"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no node_modules above ${from}`);
    dir = parent;
  }
  return dir;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lb-reload-bench-"));
const convexDir = path.join(root, "convex");
fs.cpSync(source, convexDir, { recursive: true, filter: (p) => !p.endsWith(".test.ts") });
fs.symlinkSync(path.join(findRepoRoot(source), "node_modules"), path.join(root, "node_modules"));
fs.writeFileSync(path.join(root, "package.json"), '{ "type": "module" }\n');

// The module edited before each reload: a function module that is not a test.
const edited =
  values.module ??
  fs
    .readdirSync(convexDir)
    .filter((f) => f.endsWith(".ts") && !["schema.ts", "http.ts", "crons.ts", "convex.config.ts", "auth.config.ts"].includes(f))
    .sort()[0];
const editedPath = path.join(convexDir, edited);
const original = fs.readFileSync(editedPath, "utf8");

function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50));
}

async function measure(): Promise<{ rss: number; heap: number; external: number }> {
  for (let i = 0; i < 3; i++) {
    gc!();
    await settle();
  }
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed, external: m.external + m.arrayBuffers };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const backend = await startLocalBackend({ convexDir, port: 0, sitePort: 0, watch: false, codegen: values.codegen, log: false });
try {
  let n = 0;
  const reloadOnce = async () => {
    n += 1;
    fs.writeFileSync(editedPath, `${original}\nexport const __reloadBench${n % 2} = ${n};\n`);
    if (!(await backend.reload())) throw new Error("reload failed");
  };
  for (let i = 0; i < WARMUP; i++) await reloadOnce();
  const before = await measure();
  const started = performance.now();
  for (let i = 0; i < RELOADS; i++) await reloadOnce();
  const elapsed = performance.now() - started;
  const after = await measure();
  console.log(
    `convex folder: ${path.relative(process.cwd(), source) || "."} (editing ${edited} before each reload${values.codegen ? ", codegen on" : ""})`,
  );
  console.log(`reloads: ${RELOADS} (after ${WARMUP} warm-up), ${Math.round(elapsed / RELOADS)} ms each`);
  console.log(`rss:  ${mb(before.rss)} -> ${mb(after.rss)}  (${mb((after.rss - before.rss) / RELOADS)} per reload)`);
  console.log(`heap: ${mb(before.heap)} -> ${mb(after.heap)}  (${mb((after.heap - before.heap) / RELOADS)} per reload)`);
  console.log(`external: ${mb(before.external)} -> ${mb(after.external)}`);
} finally {
  await backend.stop();
  fs.rmSync(root, { recursive: true, force: true });
}
