// Bundles a convex/ folder with esbuild into ES modules on disk and imports them, producing the
// module map convex-test expects (`/convex/<path>` keys, `_generated` included), the schema,
// the auth config and the HTTP router.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as Esbuild from "esbuild";
import type { CronSpec } from "./crons.js";
import { GLOBALS_SHIM_SOURCE } from "./run-context.js";

const require = createRequire(import.meta.url);
// esbuild ships with the pinned `convex` package; use that copy.
const esbuild = createRequire(require.resolve("convex/package.json"))("esbuild") as typeof Esbuild;

const ENTRY_POINT_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".jsx"];

export interface RegisteredFunction {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isHttp?: boolean;
  isPublic?: boolean;
  isInternal?: boolean;
}

export interface HttpRouterLike {
  isRouter?: boolean;
  lookup(path: string, method: string): [unknown, string, string] | null;
}

export interface AuthProviderConfig {
  domain?: string;
  applicationID?: string;
  type?: string;
  issuer?: string;
  jwks?: string;
  algorithm?: string;
}

export interface BuiltApp {
  /** convex-test module map. */
  modules: Record<string, () => Promise<unknown>>;
  /** Loaded function modules by module path without extension ("messages", "lib/util"). */
  loaded: Map<string, Record<string, unknown>>;
  schema: unknown;
  authProviders: AuthProviderConfig[];
  httpRouter: HttpRouterLike | null;
  /** Jobs of convex/crons.ts, if any. */
  crons: Record<string, CronSpec>;
  outDir: string;
  moduleCount: number;
}

export class BuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BuildError";
  }
}

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

function optionalEntries(dir: string): string[] {
  const candidates = ["schema.ts", "schema.js", "auth.config.ts", "auth.config.js"];
  const generated = fs.existsSync(path.join(dir, "_generated"))
    ? fs
        .readdirSync(path.join(dir, "_generated"))
        .filter((f) => /\.(js|ts)$/.test(f) && !f.endsWith(".d.ts"))
        .map((f) => `_generated/${f}`)
    : [];
  return [...candidates.filter((f) => fs.existsSync(path.join(dir, f))), ...generated];
}

/**
 * `convex` must be the very copy convex-test imports (shared classes and globals), so it stays
 * external, pinned to the absolute file esbuild resolves from convex-test's own location.
 */
function externalConvexPlugin(): Esbuild.Plugin {
  const convexTestDir = path.dirname(require.resolve("convex-test"));
  const cache = new Map<string, string>();
  return {
    name: "local-backend-external-convex",
    setup(build) {
      build.onResolve({ filter: /^convex(\/.*)?$/ }, async (args) => {
        if (args.pluginData === "inner") return undefined;
        let resolved = cache.get(args.path);
        if (!resolved) {
          const result = await build.resolve(args.path, {
            kind: "import-statement",
            resolveDir: convexTestDir,
            pluginData: "inner",
          });
          if (result.errors.length > 0) return { errors: result.errors };
          resolved = result.path;
          cache.set(args.path, resolved);
        }
        return { path: pathToFileURL(resolved).href, external: true };
      });
    },
  };
}

function formatMessages(messages: Esbuild.Message[]): string {
  return messages
    .map((m) => {
      const loc = m.location ? `${m.location.file}:${m.location.line}:${m.location.column}: ` : "";
      const lineText = m.location?.lineText ? `\n    ${m.location.lineText}` : "";
      return `${loc}${m.text}${lineText}`;
    })
    .join("\n");
}

export interface BuildOptions {
  convexDir: string;
  outDir: string;
  /** Expression the bundle uses for `process.env` (a global holding this backend's env). */
  envExpression: string;
}

export async function buildApp({ convexDir, outDir, envExpression }: BuildOptions): Promise<BuiltApp> {
  if (!fs.existsSync(convexDir)) throw new BuildError(`No convex folder at ${convexDir}`);
  const functionModules = functionEntryPoints(convexDir);
  const entries = [...new Set([...functionModules, ...optionalEntries(convexDir)])];
  if (!entries.some((e) => e.startsWith("_generated/"))) {
    throw new BuildError(
      `${convexDir}/_generated is missing: run codegen first (node scripts/codegen.mjs ${convexDir}).`,
    );
  }
  fs.mkdirSync(outDir, { recursive: true });
  const shim = path.join(outDir, "globals-shim.mjs");
  fs.writeFileSync(shim, GLOBALS_SHIM_SOURCE);

  let result: Esbuild.BuildResult<{ metafile: true; write: true }>;
  try {
    result = await esbuild.build({
      absWorkingDir: convexDir,
      entryPoints: entries.map((e) => path.join(convexDir, e)),
      outbase: convexDir,
      outdir: outDir,
      outExtension: { ".js": ".mjs" },
      chunkNames: "_chunks/[name]-[hash]",
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      sourcemap: "linked",
      metafile: true,
      write: true,
      logLevel: "silent",
      jsx: "automatic",
      define: { "process.env": envExpression },
      inject: [shim],
      plugins: [externalConvexPlugin()],
    });
  } catch (err) {
    const failure = err as { errors?: Esbuild.Message[] };
    throw new BuildError(failure.errors ? formatMessages(failure.errors) : String(err));
  }
  void result;

  const outFileFor = (entry: string) => path.join(outDir, entry.replace(/\.[^./]+$/, ".mjs"));
  const loaded = new Map<string, Record<string, unknown>>();
  const modules: Record<string, () => Promise<unknown>> = {};
  let schema: unknown = null;
  let authProviders: AuthProviderConfig[] = [];
  // Import everything now: a module that throws at load time is a build error, like a push.
  for (const entry of entries) {
    let mod: Record<string, unknown>;
    try {
      mod = (await import(pathToFileURL(outFileFor(entry)).href)) as Record<string, unknown>;
    } catch (err) {
      throw new BuildError(`Failed to load ${entry}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
    const withoutExt = entry.replace(/\.[^./]+$/, "");
    if (withoutExt === "schema") schema = mod.default ?? null;
    else if (withoutExt === "auth.config") {
      const config = mod.default as { providers?: AuthProviderConfig[] } | undefined;
      authProviders = config?.providers ?? [];
    }
    if (functionModules.includes(entry) || entry.startsWith("_generated/")) {
      modules[`/convex/${entry}`] = () => Promise.resolve(mod);
      if (!entry.startsWith("_generated/")) loaded.set(withoutExt, mod);
    }
  }
  const http = loaded.get("http")?.default as HttpRouterLike | undefined;
  const crons = loaded.get("crons")?.default as { isCrons?: boolean; crons?: Record<string, CronSpec> } | undefined;
  return {
    crons: crons?.isCrons && crons.crons ? crons.crons : {},
    modules,
    loaded,
    schema,
    authProviders,
    httpRouter: http && typeof http.lookup === "function" ? http : null,
    outDir,
    moduleCount: functionModules.length,
  };
}

/** Resolve "messages:list", "messages.js:list", "messages" to a registered function. */
export function parseUdfPath(udfPath: string): { modulePath: string; exportName: string } {
  const [rawModule, exportName = "default"] = udfPath.split(":");
  const modulePath = (rawModule ?? "").replace(/\.(js|ts|mjs|cjs|tsx|jsx)$/, "");
  return { modulePath, exportName };
}

export function canonicalUdfPath(udfPath: string): string {
  const { modulePath, exportName } = parseUdfPath(udfPath);
  return `${modulePath}:${exportName}`;
}

export function findFunction(app: BuiltApp, udfPath: string): RegisteredFunction | null {
  const { modulePath, exportName } = parseUdfPath(udfPath);
  const fn = app.loaded.get(modulePath)?.[exportName];
  if (typeof fn !== "function" && (typeof fn !== "object" || fn === null)) return null;
  const f = fn as RegisteredFunction;
  if (!f.isQuery && !f.isMutation && !f.isAction && !f.isHttp) return null;
  return f;
}
