// Offline `convex codegen`: the code path `npx convex dev` of the pinned CLI takes (its
// component-aware codegen: initial stubs, then the final files from the deployment's analysis),
// run with the analysis computed here instead of by a deployment. The result is byte for byte
// what the CLI writes for the same folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadComponentTree } from "../../build/components/definitions.js";
import { analyze } from "./analysis.js";
import { type CliContext, type CliFs, type ComponentDirectory, loadCliModules } from "./cli-modules.js";
import { OverlayFs } from "./overlay-fs.js";

export interface CodegenResult {
  /** Files written, or (with `check`) files that are stale, absolute paths. */
  changed: string[];
}

/** A real file system that remembers what it wrote or deleted. */
function recordingFs(real: CliFs, changed: Set<string>): CliFs {
  return new Proxy(real, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (key === "swapTmpFile") return (from: string, to: string) => (changed.add(path.resolve(to)), target.swapTmpFile(from, to));
      if (key === "unlink" || key === "rmdir") {
        return (p: string) => {
          changed.add(path.resolve(p));
          target[key](p);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/**
 * The project's convex.json as the CLI reads it, with `functions` pointing at the folder we
 * generate for (the CLI takes its functions folder from there; fixture apps have none).
 */
function withFunctionsDir(real: CliFs, functionsDir: string): CliFs {
  const isConfig = (p: string) => p === "convex.json";
  return new Proxy(real, {
    get(target, key, receiver) {
      if (key === "exists") return (p: string) => isConfig(p) || target.exists(p);
      if (key === "readUtf8File") {
        return (p: string) => {
          if (!isConfig(p)) return target.readUtf8File(p);
          const existing = target.exists(p) ? (JSON.parse(target.readUtf8File(p)) as Record<string, unknown>) : {};
          return JSON.stringify({ ...existing, functions: functionsDir });
        };
      }
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function cliContext(fsImpl: CliFs): CliContext {
  return {
    fs: fsImpl,
    crash: ({ printedMessage }) => Promise.reject(new Error(`codegen: ${printedMessage ?? "failed"}`)),
    registerCleanup: () => undefined,
  };
}

/**
 * Run `body` with the project root as working directory, as the CLI runs: the nearest folder
 * above the convex folder with a package.json (where convex.json would be).
 */
async function inProjectRoot<T>(convexDir: string, body: (root: string) => Promise<T>): Promise<T> {
  let projectRoot = path.dirname(convexDir);
  while (!fs.existsSync(path.join(projectRoot, "package.json"))) {
    const parent = path.dirname(projectRoot);
    if (parent === projectRoot) throw new Error(`codegen: no package.json above ${convexDir} (the CLI runs from a project root).`);
    projectRoot = parent;
  }
  const previous = process.cwd();
  process.chdir(projectRoot);
  try {
    return await body(projectRoot);
  } finally {
    process.chdir(previous);
  }
}

/** Computes `startPushResponse.analysis` (what a deployment answers a push with). */
export type AnalysisSource = (input: {
  convexDir: string;
  children: ComponentDirectory[];
  /** Whether the analysis must include the functions of this definition folder. */
  needsFunctions: (dir: string) => boolean;
  scratch: string;
}) => Promise<Record<string, unknown>>;

/** The analysis as this backend computes it: convex.config evaluated, functions loaded. */
const localAnalysis: AnalysisSource = async ({ convexDir, children, needsFunctions, scratch }) => {
  const processKey = `__convexCodegenProcess_${process.pid}`;
  (globalThis as Record<string, unknown>)[processKey] = { env: {} };
  try {
    const tree = await loadComponentTree(convexDir, path.join(scratch, "config"));
    const withFunctions = new Set([convexDir, ...children.map((c) => c.path)].filter(needsFunctions));
    return await analyze({
      convexDir,
      tree,
      withFunctions,
      outDir: path.join(scratch, "functions"),
      env: { processExpression: `globalThis.${processKey}` },
    });
  } finally {
    delete (globalThis as Record<string, unknown>)[processKey];
  }
};

/**
 * The CLI's codegen for a folder and every component it uses, with the given file system (the
 * real one, or an overlay that only records) and analysis.
 */
export async function runCliCodegen(
  convexDir: string,
  fsImpl: CliFs,
  analysisSource: AnalysisSource,
  scratchDir?: string,
  commonjs = false,
): Promise<void> {
  const dir = path.resolve(convexDir);
  const cli = await loadCliModules();
  // A caller that runs codegen again and again (the backend, before every build) gives a
  // scratch folder of its own: the same paths each time let unchanged modules be reused.
  const scratch = scratchDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "convex-codegen-"));
  if (scratchDir) fs.mkdirSync(scratchDir, { recursive: true });
  try {
    await inProjectRoot(dir, async (projectRoot) => {
      const ctx = cliContext(withFunctionsDir(fsImpl, path.relative(projectRoot, dir).split(path.sep).join("/")));
      const isComponent = cli.isComponentDirectory(ctx, dir, true);
      if (isComponent.kind === "err") throw new Error(`codegen: invalid component root directory (${isComponent.why}): ${dir}`);
      const root = isComponent.component;
      const { projectConfig } = await cli.readProjectConfig(ctx);
      const { components } = await cli.componentGraph(ctx, projectRoot, root, false, false);
      const children = [...components.values()].filter((c) => !c.isRoot);
      // The CLI also writes the CommonJS API when convex.json sets generateCommonJSApi.
      const opts = commonjs ? { generateCommonJSApi: true } : {};

      await cli.withTmpDir(async (tmpDir) => {
        await cli.doInitialComponentCodegen(ctx, tmpDir, root, opts);
        for (const child of children) await cli.doInitialComponentCodegen(ctx, tmpDir, child, opts);
      });

      // Function signatures are needed for components defined in this repo (their
      // component.ts) and, with convex.json's staticApi / legacyComponentApi, for everything.
      const everything = Boolean(projectConfig.codegen.staticApi || projectConfig.codegen.legacyComponentApi);
      const published = new Set(children.filter((c) => cli.isPublishedPackage(c)).map((c) => c.path));
      const analysis = await analysisSource({
        convexDir: dir,
        children,
        needsFunctions: (folder) => everything || (folder !== dir && !published.has(folder)),
        scratch,
      });

      await cli.withTmpDir(async (tmpDir) => {
        const finish = (c: ComponentDirectory) => cli.doFinalComponentCodegen(ctx, tmpDir, root, c, { analysis }, components, opts);
        await finish(root);
        for (const child of children) await finish(child);
      });
    });
  } finally {
    if (!scratchDir) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

export async function runCodegen({
  convexDir,
  check = false,
  scratchDir,
  commonjs = false,
}: {
  convexDir: string;
  check?: boolean;
  /** A folder kept between runs (by default a temporary one per run). */
  scratchDir?: string;
  /** Also write `api_cjs.cjs` and `api_cjs.d.cts`, as `npx convex codegen --commonjs` does. */
  commonjs?: boolean;
}): Promise<CodegenResult> {
  const dir = path.resolve(convexDir);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new Error(`codegen: no such folder ${dir}`);
  const cli = await loadCliModules();
  const written = new Set<string>();
  const overlay = check ? new OverlayFs(cli.nodeFs) : null;
  await runCliCodegen(dir, overlay ?? recordingFs(cli.nodeFs, written), localAnalysis, scratchDir, commonjs);
  return { changed: overlay ? overlay.staleFiles() : [...written].sort() };
}
