// Bundles a convex/ folder, and every Convex component its convex.config.ts uses, with esbuild
// into ES modules on disk and imports them, producing per component the module map convex-test
// expects (`/convex/<path>` keys, `_generated` included), the schema, the HTTP router and the
// crons; for the app also the auth config.
import fs from "node:fs";
import path from "node:path";
import type * as Esbuild from "esbuild";
import { BuildError, CONVEX_CONDITIONS, esbuild, externalConvexPlugin, formatMessages, moduleUrl } from "./bundling.js";
import type { AuthProviderConfig, BuiltApp, BuiltComponent, BuiltModules, HttpRouterLike } from "../core/app.js";
import { loadComponentTree } from "./components/definitions.js";
import type { CronSpec } from "../core/functions.js";
import { loadingComponent } from "../engine/function-env.js";
import { type IdTableResolver, takeOverValidation } from "../engine/function-validation.js";
import { globalsShimSource } from "../engine/run-context.js";

export { BuildError } from "./bundling.js";

const ENTRY_POINT_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".jsx"];

/** Mirrors the Convex CLI's rules (convex/dist/esm/bundler) for which files are function modules. */
export function functionEntryPoints(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === "node_modules") continue;
        if (fs.existsSync(path.join(full, "convex.config.ts"))) continue;
        walk(full);
        continue;
      }
      const rel = path.relative(dir, full).split(path.sep).join("/");
      const base = entry.name;
      if (!ENTRY_POINT_EXTENSIONS.some((ext) => rel.endsWith(ext))) continue;
      if (rel.startsWith("_generated/")) continue;
      if (base.startsWith(".") || base.startsWith("#")) continue;
      if (base === "schema.ts" || base === "schema.js") continue;
      if ((base.match(/\./g) ?? []).length > 1) continue;
      if (rel.includes(" ")) continue;
      if (/\.(ts|tsx)$/.test(base)) {
        const source = fs.readFileSync(full, "utf8");
        if (!/^\s{0,100}(import|export)/m.test(source)) continue;
      }
      found.push(rel);
    }
  };
  walk(dir);
  return found.sort();
}

function optionalEntries(dir: string, isApp: boolean): string[] {
  const candidates = ["schema.ts", "schema.js", ...(isApp ? ["auth.config.ts", "auth.config.js"] : [])];
  const generated = fs.existsSync(path.join(dir, "_generated"))
    ? fs
        .readdirSync(path.join(dir, "_generated"))
        .filter((f) => /\.(js|ts)$/.test(f) && !f.endsWith(".d.ts"))
        .map((f) => `_generated/${f}`)
    : [];
  return [...candidates.filter((f) => fs.existsSync(path.join(dir, f))), ...generated];
}

/** How bundled code reaches this backend's function environment. */
export interface BuildEnvironment {
  /** Expression for the `process` object functions see (`{ env }`, as in Convex's runtime). */
  processExpression: string;
  /**
   * Part of every module's URL: modules are imported by content (ES modules can never be
   * unloaded, so an unchanged module is reused rather than loaded again); a new value loads
   * every module afresh.
   */
  generation?: string;
}

export interface BuildOptions extends BuildEnvironment {
  convexDir: string;
  outDir: string;
  /** Check arguments and results with Convex's messages, resolving ids with this. */
  idTable: IdTableResolver;
}

interface BundledFolder {
  dir: string;
  outDir: string;
  entries: string[];
  functionModules: string[];
}

const USE_NODE = /^\s*["']use node["'];?/m;

/** The two runtimes of Convex functions: its own JS runtime, and Node.js for "use node" files. */
type Runtime = "isolate" | "node";

async function esbuildEntries(dir: string, outDir: string, entries: string[], runtime: Runtime, env: BuildEnvironment): Promise<void> {
  if (entries.length === 0) return;
  const shim = path.join(outDir, `globals-shim-${runtime}.mjs`);
  fs.writeFileSync(shim, globalsShimSource(env.processExpression, runtime));
  try {
    await esbuild.build({
      absWorkingDir: dir,
      entryPoints: entries.map((e) => path.join(dir, e)),
      outbase: dir,
      outdir: outDir,
      outExtension: { ".js": ".mjs" },
      chunkNames: `_chunks/${runtime}-[name]-[hash]`,
      bundle: true,
      splitting: true,
      format: "esm",
      // As the Convex CLI bundles: for Convex's runtime, packages resolve to their browser and
      // worker builds; only "use node" files get the builds written for Node.js.
      platform: runtime === "node" ? "node" : "browser",
      target: runtime === "node" ? "node20" : "es2022",
      conditions: CONVEX_CONDITIONS,
      sourcemap: "linked",
      metafile: true,
      write: true,
      logLevel: "silent",
      jsx: "automatic",
      inject: [shim],
      plugins: [externalConvexPlugin()],
    });
  } catch (err) {
    const failure = err as { errors?: Esbuild.Message[] };
    throw new BuildError(failure.errors ? formatMessages(failure.errors) : String(err));
  }
}

async function bundleFolder(dir: string, outDir: string, env: BuildEnvironment, isApp: boolean): Promise<BundledFolder> {
  const functionModules = functionEntryPoints(dir);
  const entries = [...new Set([...functionModules, ...optionalEntries(dir, isApp)])];
  if (!entries.some((e) => e.startsWith("_generated/"))) {
    throw new BuildError(`${dir}/_generated is missing: run codegen first (npm run codegen -- --dir ${dir}).`);
  }
  const usesNode = (entry: string) => functionModules.includes(entry) && USE_NODE.test(fs.readFileSync(path.join(dir, entry), "utf8"));
  const nodeEntries = entries.filter(usesNode);
  if (!isApp && nodeEntries.length > 0) {
    throw new BuildError(`"use node" directive is not supported in components. Remove it from the component at: ${dir}.`);
  }
  fs.mkdirSync(outDir, { recursive: true });
  await esbuildEntries(
    dir,
    outDir,
    entries.filter((e) => !usesNode(e)),
    "isolate",
    env,
  );
  await esbuildEntries(dir, outDir, nodeEntries, "node", env);
  return { dir, outDir, entries, functionModules };
}

/**
 * Import a bundled folder's modules for one component instance. The `?component=` query gives
 * each instance its own module instances, and imports run in that component's environment
 * scope, so module-level reads of `process.env` see the component's own variables.
 */
async function loadFolder(
  bundle: BundledFolder,
  componentPath: string,
  generation: string,
  idTable?: IdTableResolver,
): Promise<BuiltModules & { authProviders: AuthProviderConfig[] }> {
  const outFileFor = (entry: string) => path.join(bundle.outDir, entry.replace(/\.[^./]+$/, ".mjs"));
  const loaded = new Map<string, Record<string, unknown>>();
  const modules: Record<string, () => Promise<unknown>> = {};
  let schema: unknown = null;
  let authProviders: AuthProviderConfig[] = [];
  const where = componentPath ? `component "${componentPath}": ` : "";
  // Import everything now: a module that throws at load time is a build error, like a push.
  for (const entry of bundle.entries) {
    let mod: Record<string, unknown>;
    const url = moduleUrl(outFileFor(entry), generation, componentPath ? { component: componentPath } : {});
    try {
      mod = (await loadingComponent.run(componentPath, () => import(url))) as Record<string, unknown>;
    } catch (err) {
      throw new BuildError(`${where}Failed to load ${entry}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
    const withoutExt = entry.replace(/\.[^./]+$/, "");
    if (withoutExt === "schema") schema = mod.default ?? null;
    else if (withoutExt === "auth.config") {
      const config = mod.default as { providers?: AuthProviderConfig[] } | undefined;
      authProviders = config?.providers ?? [];
    }
    if (bundle.functionModules.includes(entry) || entry.startsWith("_generated/")) {
      modules[`/convex/${entry}`] = () => Promise.resolve(mod);
      if (!entry.startsWith("_generated/")) {
        if (idTable) takeOverValidation(mod, withoutExt, idTable);
        loaded.set(withoutExt, mod);
      }
    }
  }
  const http = loaded.get("http")?.default as HttpRouterLike | undefined;
  const crons = loaded.get("crons")?.default as { isCrons?: boolean; crons?: Record<string, CronSpec> } | undefined;
  return {
    componentPath,
    crons: crons?.isCrons && crons.crons ? crons.crons : {},
    modules,
    loaded,
    schema,
    authProviders,
    httpRouter: http && typeof http.lookup === "function" ? http : null,
    moduleCount: bundle.functionModules.length,
  };
}

/** Bundle and load one folder's function modules (codegen reads their signatures). */
export async function loadFunctionModules(dir: string, outDir: string, env: BuildEnvironment, isApp: boolean): Promise<BuiltModules> {
  return loadFolder(await bundleFolder(dir, outDir, env, isApp), isApp ? "" : "codegen", env.generation ?? "");
}

export async function buildApp({ convexDir, outDir, idTable, ...env }: BuildOptions): Promise<BuiltApp> {
  if (!fs.existsSync(convexDir)) throw new BuildError(`No convex folder at ${convexDir}`);
  const tree = await loadComponentTree(convexDir, path.join(outDir, "config"), env.generation ?? "");
  if (tree.app?._httpPrefix !== undefined) {
    throw new BuildError("convex.config.ts: defineApp({ httpPrefix }) is not supported by local-backend yet; remove it to run here.");
  }
  const rootBundle = await bundleFolder(convexDir, path.join(outDir, "app"), env, true);
  // One bundle per component definition, however many times it is mounted.
  const bundles = new Map<string, BundledFolder>();
  for (const instance of tree.instances) {
    if (bundles.has(instance.dir)) continue;
    if (!fs.existsSync(instance.dir)) throw new BuildError(`component "${instance.path}": no folder at ${instance.dir}`);
    try {
      bundles.set(instance.dir, await bundleFolder(instance.dir, path.join(outDir, `component-${bundles.size}`), env, false));
    } catch (err) {
      throw new BuildError(`component "${instance.path}" (${instance.definitionPath}): ${(err as Error).message}`);
    }
  }
  const root = await loadFolder(rootBundle, "", env.generation ?? "", idTable);
  const components: BuiltComponent[] = [];
  for (const instance of tree.instances) {
    const { authProviders: _ignored, ...built } = await loadFolder(
      bundles.get(instance.dir)!,
      instance.path,
      env.generation ?? "",
      idTable,
    );
    components.push({ ...built, instance });
  }
  return { ...root, components, tree, outDir };
}
